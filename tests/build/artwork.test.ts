/** Artwork in the built site: every project has a preview; every hero has its artwork. */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIST, builtPages } from './site';

/** Every project, as its content file names it. */
const slugs = readdirSync('src/content/projects')
  .filter((file) => file.endsWith('.yaml'))
  .map((file) => file.replace(/\.yaml$/, ''));
const pages = builtPages();
const page = (route: string) => pages.find((p) => p.route === route)?.html ?? '';
const previewImg = (html: string, slug: string) =>
  new RegExp(`<img[^>]*src="/nos-realisations/${slug}\\.svg"[^>]*>`).exec(html)?.[0];

describe.each(slugs)('project %s', (slug) => {
  it('has a preview drawn from its content entry', () => {
    const file = join(DIST, 'nos-realisations', `${slug}.svg`);
    expect(existsSync(file), `${file} was not built`).toBe(true);
    const svg = readFileSync(file, 'utf8');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 400 240"/);
    const entry = readFileSync(`src/content/projects/${slug}.yaml`, 'utf8');
    const label =
      /^\s+(?:headline|text): (.+)$/m.exec(entry)?.[1] ??
      /^\s+steps: \[([^,\]]+)/m.exec(entry)?.[1];
    expect(label, 'no preview label found in the entry').toBeDefined();
    expect(svg.replace(/<\/tspan><tspan x="42" dy="18">/g, ' ')).toContain(label!.trim());
  });

  it('shows the preview, with its size reserved, on the portfolio as a lazy image', () => {
    const img = previewImg(page('/nos-realisations'), slug);
    expect(img, 'preview image missing').toBeDefined();
    expect(img).toMatch(/width="400"/);
    expect(img).toMatch(/height="240"/);
    expect(img).toMatch(/loading="lazy"/);
    expect(img).toMatch(/alt="Aperçu [^"]+"/);
  });

  it('draws the preview inline atop its own page, described, with no request', () => {
    const html = page(`/nos-realisations/${slug}`);
    expect(previewImg(html, slug), 'the page still asks for the file').toBeUndefined();
    const art = /<div class="hero-art[^"]*">\s*(<svg[^>]*>)([\s\S]*?)<\/svg>/.exec(html);
    expect(art, 'no inline preview in the hero').not.toBeNull();
    const [, svg, drawing] = art!;
    expect(svg).toMatch(/viewBox="0 0 400 240"/);
    expect(svg).toMatch(/width="400"/);
    expect(svg).toMatch(/height="240"/);
    expect(svg).toMatch(/role="img"/);
    expect(svg).toMatch(/aria-label="Aperçu [^"]+"/);
    // The same drawing as the file the portfolio shows.
    const file = readFileSync(join(DIST, 'nos-realisations', `${slug}.svg`), 'utf8');
    expect(file).toContain(`>${drawing}</svg>`);
  });
});

describe.each(pages.map((p) => [p.route, p.html] as const))('hero of %s', (_route, html) => {
  it('has artwork beside its text, decorative or described, with its size reserved', () => {
    const art = /<div class="hero-art[^"]*">\s*(<svg[^>]*>|<img[^>]*>)/.exec(html)?.[1];
    expect(art, 'no hero artwork').toBeDefined();
    if (art!.startsWith('<svg') && art!.includes('role="img"')) {
      // A project's preview, drawn inline (tested above).
      expect(art).toMatch(/aria-label="[^"]+"/);
    } else if (art!.startsWith('<svg')) {
      expect(art).toMatch(/aria-hidden="true"/);
      expect(art).toMatch(/viewBox="0 0 400 300"/);
    } else {
      expect(art).toMatch(/alt="[^"]+"/);
      expect(art).toMatch(/width="\d+"[^>]*height="\d+"/);
    }
  });
});
