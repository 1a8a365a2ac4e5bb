import { describe, expect, it } from 'vitest';
import { projectPreviewSvg } from '../../src/lib/art/project-preview';
import { projectPreviewSchema, projectSchema } from '../../src/schemas/projects';

const site = {
  client: 'Cabinet du Prado',
  colour: 'sky' as const,
  preview: projectPreviewSchema.parse({
    kind: 'site',
    headline: 'Votre cabinet au cœur du Prado',
    screens: ['Accueil', 'Praticiens', 'Rendez-vous'],
    typeface: 'serif',
  }),
};

describe('projectPreviewSvg', () => {
  it('draws a site in the project colour, with its headline, menu and typeface', () => {
    const svg = projectPreviewSvg(site);
    expect(svg).toContain('fill="#0369a1"');
    expect(svg).toContain('>Votre cabinet au<');
    expect(svg).toContain('>cœur du Prado<');
    for (const screen of ['Accueil', 'Praticiens', 'Rendez-vous'])
      expect(svg).toContain(`>${screen}<`);
    expect(svg).toContain('font-family="Georgia,serif"');
    expect(projectPreviewSvg(site)).toBe(svg);
  });

  it('draws a chatbot conversation, visitor on the right, assistant on the left', () => {
    const svg = projectPreviewSvg({
      client: 'Télécom & Co',
      colour: 'indigo',
      preview: projectPreviewSchema.parse({
        kind: 'chatbot',
        messages: [
          { from: 'visitor', text: 'Ma box <ne marche> plus' },
          { from: 'bot', text: 'Je regarde.' },
        ],
      }),
    });
    expect(svg).toContain('Télécom &amp; Co');
    expect(svg).toContain('Ma box &lt;ne marche&gt; plus');
    expect(svg).not.toContain('<ne marche>');
  });

  it('draws every workflow step, numbered, the last one done', () => {
    const svg = projectPreviewSvg({
      client: 'Logistique',
      colour: 'violet',
      preview: projectPreviewSchema.parse({ kind: 'workflow', steps: ['Un', 'Deux', 'Trois'] }),
    });
    expect(svg.match(/<rect x="92"/g)).toHaveLength(3);
    expect(svg).toContain('>3</text>');
    expect(svg).toContain('fill="#047857"');
  });
});

describe('projectPreviewSchema', () => {
  it('refuses a label too long for the mock-up, naming the limit', () => {
    const result = projectPreviewSchema.safeParse({
      kind: 'site',
      headline: 'Un titre beaucoup trop long pour tenir dans la maquette',
      screens: ['Accueil', 'Contact'],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toMatch(/at most 34 characters/);
    expect(result.error?.issues[0].path).toEqual(['headline']);
  });

  it('is required on every project', () => {
    expect(projectSchema.shape.preview.safeParse(undefined).success).toBe(false);
  });
});
