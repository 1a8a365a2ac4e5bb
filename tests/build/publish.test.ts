/**
 * What a copywriter publishes alone, built for real: `astro build` on a scratch copy of the project
 * with the files of tests/fixtures/publish/ added to src/content (a new page with a hero photo and a
 * footer link, a draft, a team member with a portrait, a project with a screenshot, a post with a
 * 6000×4000 cover and a photo in its text) and the photos of tests/fixtures/photos/ beside them.
 */
import { copyFileSync, cpSync, existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { TEST_GITHUB_PORT } from '../../scripts/lib/test-ports.mjs';
import { astroIn, scratchProject } from './scratch';

const ROOT = process.cwd();
const PHOTOS = join(ROOT, 'tests/fixtures/photos');
/** Where each fixture photo goes in the scratch src/content. */
const PLACED = {
  'pages/aix.jpg': 'grand-port.jpg',
  'team/lea-martin.jpg': 'portrait.jpg',
  'projects/galerie-aix.jpg': 'capture.jpg',
  'blog/aix-en-photos.jpg': 'grand-port.jpg',
  'blog/aix-en-photos-quai.jpg': 'grand-port.jpg',
};

let scratch = '';
let dist = '';

beforeAll(async () => {
  scratch = scratchProject('publish');
  dist = join(scratch, 'dist');
  cpSync(join(ROOT, 'tests/fixtures/publish'), join(scratch, 'src/content'), { recursive: true });
  for (const [target, source] of Object.entries(PLACED))
    copyFileSync(join(PHOTOS, source), join(scratch, 'src/content', target));
  const { code, output } = await astroIn(scratch, 'build');
  expect(code, output).toBe(0);
}, 600_000);

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

const html = (file: string) => readFileSync(join(dist, file), 'utf8');
const sitemap = () =>
  readdirSync(dist)
    .filter((name) => /^sitemap-\d+\.xml$/.test(name))
    .map((name) => html(name))
    .join('');
/** Every file under dist/, relative. */
const files = (dir = dist): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name)) : [relative(dist, join(dir, entry.name))],
  );

/** The <picture> holding the image whose alt is `alt`. */
function pictureWith(page: string, alt: string): string {
  const pictures = page.match(/<picture[\s\S]*?<\/picture>/g) ?? [];
  // An empty alt is written as a bare `alt` attribute (the same in HTML).
  const picture = pictures.find((item) =>
    alt ? item.includes(`alt="${alt}"`) : /<img[^>]*\salt(="")?[\s>]/.test(item),
  );
  expect(picture, `no <picture> with alt="${alt}"`).toBeDefined();
  return picture!;
}

/** A picture served as AVIF and WebP at several widths, none wider than `max`, with its size set. */
function expectOptimised(picture: string, max: number) {
  for (const type of ['image/avif', 'image/webp']) {
    const source = new RegExp(`<source[^>]*type="${type}"[^>]*>`).exec(picture)?.[0];
    const srcset = source && /srcset="([^"]+)"/.exec(source)?.[1];
    expect(srcset, `${type} source`).toBeDefined();
    const widths = [...srcset!.matchAll(/ (\d+)w/g)].map((match) => Number(match[1]));
    expect(widths.length, `${type} widths`).toBeGreaterThan(1);
    expect(Math.max(...widths)).toBeLessThanOrEqual(max);
  }
  expect(picture).toMatch(/<img[^>]*\swidth="\d+"/);
  expect(picture).toMatch(/<img[^>]*\sheight="\d+"/);
  expect(picture).toMatch(/<img[^>]*\ssizes="/);
}

describe('a new page entry', { timeout: 30_000 }, () => {
  it('is built at its file name, in the sitemap, with its share image', () => {
    expect(existsSync(join(dist, 'creation-site-web-aix-en-provence.html'))).toBe(true);
    expect(sitemap()).toContain('/creation-site-web-aix-en-provence</loc>');
    expect(existsSync(join(dist, 'og/creation-site-web-aix-en-provence.png'))).toBe(true);
    expect(html('creation-site-web-aix-en-provence.html')).toContain(
      '/og/creation-site-web-aix-en-provence.png',
    );
  });

  it('is linked from the footer column its entry names, on every page', () => {
    const footer = /<footer[\s\S]*<\/footer>/.exec(html('index.html'))![0];
    expect(footer).toMatch(/href="\/creation-site-web-aix-en-provence"[^>]*>\s*Sites à Aix/);
  });

  it('leaves a draft out of the build and the sitemap', () => {
    expect(existsSync(join(dist, 'page-en-brouillon.html'))).toBe(false);
    expect(sitemap()).not.toContain('page-en-brouillon');
  });
});

describe('photos', { timeout: 30_000 }, () => {
  it('the hero photo: AVIF/WebP srcset, dimensions, eager and high priority', () => {
    const picture = pictureWith(
      html('creation-site-web-aix-en-provence.html'),
      'Le cours Mirabeau à Aix-en-Provence, au soleil du matin',
    );
    expectOptimised(picture, 800);
    expect(picture).toContain('fetchpriority="high"');
    expect(picture).not.toContain('loading="lazy"');
  });

  it('a decorative card photo has an empty alt and loads lazily', () => {
    const page = html('creation-site-web-aix-en-provence.html');
    const picture = pictureWith(page, '');
    expectOptimised(picture, 720);
    expect(picture).toContain('loading="lazy"');
  });

  it('a team portrait replaces the drawn avatar, lazily', () => {
    const picture = pictureWith(
      html('notre-equipe.html'),
      'Portrait de Léa Martin, souriante, devant un mur clair',
    );
    expectOptimised(picture, 256);
    expect(picture).toContain('loading="lazy"');
  });

  it('a project screenshot is its card on the portfolio and its page’s hero', () => {
    const alt = 'La page d’accueil du site de la galerie, sur un ordinateur portable';
    expectOptimised(pictureWith(html('nos-realisations.html'), alt), 1120);
    const hero = pictureWith(html('nos-realisations/galerie-aix.html'), alt);
    expectOptimised(hero, 800);
    expect(hero).toContain('fetchpriority="high"');
  });

  it('a 6000×4000 blog cover is resized for the article and its teaser', () => {
    const alt = 'Le Vieux-Port de Marseille au coucher du soleil';
    expectOptimised(pictureWith(html('blog/aix-en-photos.html'), alt), 1536);
    expectOptimised(pictureWith(html('blog.html'), alt), 960);
  });

  it('a 6000×4000 photo in a post: AVIF and WebP at the column’s widths, lazy', () => {
    const picture = pictureWith(
      html('blog/aix-en-photos.html'),
      'Les bateaux du Vieux-Port, vus depuis le quai',
    );
    expectOptimised(picture, 1536);
    for (const type of ['avif', 'webp']) {
      const widths = [...picture.matchAll(new RegExp(`\\.${type} (\\d+)w`, 'g'))].map((match) =>
        Number(match[1]),
      );
      expect(new Set(widths), type).toEqual(new Set([768, 1536]));
    }
    expect(picture).toContain('sizes="(min-width: 800px) 768px, calc(100vw - 2rem)"');
    expect(picture).toContain('loading="lazy"');
  });

  it('no original is published: no JPEG in dist, only AVIF and WebP copies', () => {
    const published = files();
    expect(published.filter((file) => /\.jpe?g$/i.test(file))).toEqual([]);
    expect(published.some((file) => file.endsWith('.avif'))).toBe(true);
  });
});

// The scratch build is a production build for the editor (tests/build/scratch.ts leaves the test
// build's CMS_GITHUB_API_ROOT out): /admin talks to api.github.com and nothing else of GitHub.
describe('the editor of a production build', { timeout: 30_000 }, () => {
  it('keeps api.github.com: no API root in its configuration, none in its policy', () => {
    const backend = (parse(html('admin/config.yml')) as { backend: Record<string, unknown> })
      .backend;
    expect(backend).not.toHaveProperty('api_root');
    expect(backend).not.toHaveProperty('graphql_api_root');
    const policies = html('_headers')
      .split('\n')
      .filter((line) => line.trim().startsWith('Content-Security-Policy:'));
    const admin = policies.filter((line) => line.includes('api.github.com'));
    expect(admin).toHaveLength(2);
    for (const policy of admin) {
      const connect = policy.split(';').find((part) => part.trim().startsWith('connect-src'));
      expect(connect?.trim()).toBe(
        "connect-src 'self' blob: data: https://api.github.com https://www.githubstatus.com https://unpkg.com",
      );
    }
  });

  it('ships nothing of the GitHub stand-in', () => {
    // The stand-in's origin, its folder's name, the policy's placeholder for it: in no file.
    const marks = [`127.0.0.1:${TEST_GITHUB_PORT}`, 'github-stand-in', '{editor-api-origin}'];
    const shipped = files().filter((file) => {
      const content = readFileSync(join(dist, file), 'latin1');
      return marks.some((mark) => content.includes(mark));
    });
    expect(shipped).toEqual([]);
  });
});
