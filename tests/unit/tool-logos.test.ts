import { describe, expect, it } from 'vitest';
import { logoSlugsIn, toolLogo, toolLogoSvg } from '../../src/lib/art/tool-logos';

describe('toolLogo', () => {
  it('finds a tool by the name the content writes, whatever its case', () => {
    expect(toolLogo('Node.js')).toEqual({ slug: 'nodedotjs', src: '/logos/nodedotjs.svg' });
    expect(toolLogo(' tailwind css ')?.slug).toBe('tailwindcss');
  });

  it('maps product names simple-icons files under another title', () => {
    expect(toolLogo('WhatsApp Business')?.slug).toBe('whatsapp');
    expect(toolLogo('Google Workspace')?.slug).toBe('google');
  });

  it('has no logo for a brand simple-icons does not carry', () => {
    expect(toolLogo('OpenAI')).toBeUndefined();
    expect(toolLogo('Un outil inventé')).toBeUndefined();
  });
});

describe('toolLogoSvg', () => {
  it('is a standalone SVG in the brand colour, titled with the tool name', () => {
    const svg = toolLogoSvg('astro') ?? '';
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 24 24"/);
    expect(svg).toContain('fill="#BC52EE"');
    expect(svg).toContain('<title>Astro</title>');
    expect(svg).toMatch(/<path d="M[^"]+"\/><\/svg>$/);
  });

  it('draws in light ink only the brand colours too dark for the dark theme', () => {
    const github = toolLogoSvg('github') ?? '';
    expect(github).toContain('fill="#181717"');
    expect(github).toContain(
      '<style>@media (prefers-color-scheme:dark){svg{fill:#e2e8f0}}</style>',
    );
    expect(toolLogoSvg('astro')).not.toContain('<style>');
  });

  it('is undefined for an unknown slug', () => {
    expect(toolLogoSvg('nope-not-a-slug')).toBeUndefined();
  });
});

describe('logoSlugsIn', () => {
  it('lists the logo files a page references', () => {
    const html = '<img src="/logos/astro.svg"><img src="/logos/n8n.svg" alt=""><a href="/logos/">';
    expect(logoSlugsIn(html)).toEqual(['astro', 'n8n']);
  });
});
