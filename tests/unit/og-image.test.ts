import { describe, expect, it } from 'vitest';
import { ogImageRequest } from '../../src/integrations/og-images';
import { OG_HEIGHT, OG_WIDTH, pngSize, renderOgImage, titleFontSize } from '../../src/lib/seo/og-image';
import { ogImagePath, pathOfOgImage } from '../../src/lib/seo/seo';

describe('share image paths', () => {
  it('give every page its own image and map back to the page', () => {
    for (const [page, image] of [
      ['/', '/og/index.png'],
      ['/faq', '/og/faq.png'],
      ['/blog/2', '/og/blog/2.png'],
      ['/blog/categorie/referencement.html', '/og/blog/categorie/referencement.png'],
    ]) {
      expect(ogImagePath(page)).toBe(image);
      expect(pathOfOgImage(image)).toBe(page.replace(/\.html$/, ''));
    }
    expect(pathOfOgImage('/og-default.png')).toBeUndefined();
  });
});

describe('ogImageRequest', () => {
  const head = (image: string, extra = '') =>
    `<meta property="og:site_name" content="Agence &amp; Co">` +
    `<meta property="og:title" content="L&#39;IA «&nbsp;utile&nbsp;» | Agence &amp; Co">` +
    `<meta property="og:image" content="${image}">${extra}`;

  it('reads the title without the brand suffix, the brand, the host and the section', () => {
    const html = head(
      'https://www.agence.fr/og/blog/ia.png',
      '<meta property="article:section" content="Intelligence artificielle">',
    );
    expect(ogImageRequest(html)).toEqual({
      path: '/og/blog/ia.png',
      content: {
        title: "L'IA «\u00a0utile\u00a0»",
        brand: 'Agence & Co',
        host: 'www.agence.fr',
        eyebrow: 'Intelligence artificielle',
      },
    });
  });

  it('ignores a page whose share image is not a generated one', () => {
    expect(ogImageRequest(head('https://www.agence.fr/photos/equipe.png'))).toBeUndefined();
    expect(ogImageRequest('<title>Sans métadonnées</title>')).toBeUndefined();
  });
});

describe('renderOgImage', () => {
  it('draws a 1200×630 PNG that depends on the title', async () => {
    const content = { title: 'Contact', brand: 'Agence Exemple', host: 'www.agence.fr' };
    const png = await renderOgImage(content);
    expect(pngSize(png)).toEqual({ width: OG_WIDTH, height: OG_HEIGHT });
    expect([OG_WIDTH, OG_HEIGHT]).toEqual([1200, 630]);
    const other = await renderOgImage({ ...content, title: 'Nos tarifs' });
    expect(other.equals(png)).toBe(false);
  }, 20_000);

  it('shrinks long titles so they fit', () => {
    expect(titleFontSize('Contact')).toBeGreaterThan(titleFontSize('x'.repeat(60)));
    expect(titleFontSize('x'.repeat(60))).toBeGreaterThan(titleFontSize('x'.repeat(120)));
  });

  it('pngSize refuses a file that is not a PNG', () => {
    expect(() => pngSize(Buffer.from('GIF89a and more bytes to be long enough'))).toThrow(
      /not a PNG/,
    );
  });
});
