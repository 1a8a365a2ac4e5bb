/**
 * Build step list: what finishes the built site after `astro build`, in this order (`POST_BUILD`):
 *   1. share images     draws the `/og/*.png` each page asks for (src/integrations/og-images.ts)
 *   2. tool logos       writes the `/logos/*.svg` the pages reference (src/integrations/tool-logos.ts)
 *   3. page CSS         inlines in each page the rules of the stylesheet its HTML uses; the rules
 *                       it lacks load after the first paint (src/integrations/page-css.ts)
 *   4. search index     indexes the pages' content for the site search, under `/pagefind/`
 *                       (src/integrations/search-index.ts)
 *   5. security headers fills `_headers` from the pages as they finally are: the hash of every inline
 *                       script, the page-CSS step's loader included (src/integrations/security-headers.ts)
 * The pages are read from dist/ once, before the first step; each step is a function of the pages
 * (as the steps before it left them) and of its own options, and returns the files to write. A step
 * that rewrites a page returns it under the page's own path, and the next steps see the new page.
 */
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration, AstroIntegrationLogger } from 'astro';
import { shareImages } from './og-images';
import { toolLogoFiles } from './tool-logos';
import { pageCss } from './page-css';
import { searchIndex } from './search-index';
import { securityHeaders } from './security-headers';

/** Built pages by path under dist/ (`contact.html`, `blog/x.html`), with their HTML. */
export type Pages = ReadonlyMap<string, string>;
/** Files a step writes, by path under dist/. */
export type Files = Map<string, string | Uint8Array>;

export interface PostBuildStep {
  name: string;
  run: (pages: Pages) => Promise<Files> | Files;
}

export interface PostBuildOptions {
  /** The built site's folder. */
  dist: string;
  /** Astro's cache folder (share images are kept there between builds). */
  cacheDir: string;
  /** The `_headers` template (public/_headers). */
  headersTemplate: string;
  supabaseUrl: string;
  bookingUrl: string;
  captchaOrigin?: string;
  /** Tests only: the GitHub stand-in's origin, allowed in /admin's policy (CMS_GITHUB_API_ROOT). */
  editorApiOrigin?: string;
  /** Where the forms post without JavaScript (the CSP's form-action). */
  formEndpoint?: string;
}

/** The post-build steps, in the order they run (see the module comment). */
export const POST_BUILD = [
  'share images',
  'tool logos',
  'page CSS',
  'search index',
  'security headers',
] as const;

/** The steps of `POST_BUILD` with their options. */
export function postBuildSteps(options: PostBuildOptions): PostBuildStep[] {
  const run: Record<(typeof POST_BUILD)[number], PostBuildStep['run']> = {
    'share images': (pages) => shareImages(pages, join(options.cacheDir, 'og-images')),
    'tool logos': (pages) => toolLogoFiles(pages),
    'page CSS': (pages) => pageCss(pages, options.dist),
    'search index': (pages) => searchIndex(pages),
    'security headers': (pages) =>
      new Map([
        [
          '_headers',
          securityHeaders(pages, options.headersTemplate, {
            supabaseUrl: options.supabaseUrl,
            bookingUrl: options.bookingUrl,
            captchaOrigin: options.captchaOrigin,
            editorApiOrigin: options.editorApiOrigin,
            formEndpoint: options.formEndpoint,
          }),
        ],
      ]),
  };
  return POST_BUILD.map((name) => ({ name, run: run[name] }));
}

/** Every HTML page under `dist`, read once. */
export async function readPages(dist: string): Promise<Map<string, string>> {
  const names = (await readdir(dist, { recursive: true })).filter((name) => name.endsWith('.html'));
  return new Map(
    await Promise.all(
      names.map(async (name) => [name, await readFile(join(dist, name), 'utf8')] as const),
    ),
  );
}

/**
 * Runs `steps` in order over the pages of `dist` and writes what each returns.
 * @returns the files written, by path under `dist`
 */
export async function runPostBuild(
  dist: string,
  steps: PostBuildStep[],
  log: (message: string) => void = () => {},
): Promise<Files> {
  const pages = await readPages(dist);
  const written: Files = new Map();
  for (const step of steps) {
    const started = performance.now();
    const files = await step.run(pages);
    for (const [path, contents] of files) {
      if (pages.has(path)) {
        if (typeof contents !== 'string') throw new Error(`${step.name}: ${path} is not HTML text`);
        pages.set(path, contents);
      }
      written.set(path, contents);
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    log(`${step.name}: ${files.size} file(s) in ${seconds} s`);
  }
  for (const [path, contents] of written) {
    await mkdir(dirname(join(dist, path)), { recursive: true });
    await writeFile(join(dist, path), contents);
  }
  return written;
}

/** The integration that runs `POST_BUILD` once Astro has built the site. */
export default function postBuild(
  options: Omit<PostBuildOptions, 'dist' | 'cacheDir' | 'headersTemplate'>,
): AstroIntegration {
  let cacheDir = '';
  let publicDir = '';
  return {
    name: 'post-build',
    hooks: {
      'astro:config:done': ({ config }) => {
        cacheDir = fileURLToPath(config.cacheDir);
        publicDir = fileURLToPath(config.publicDir);
      },
      'astro:build:done': async ({ dir, logger }: { dir: URL; logger: AstroIntegrationLogger }) => {
        const dist = fileURLToPath(dir);
        const headersTemplate = await readFile(join(publicDir, '_headers'), 'utf8');
        const steps = postBuildSteps({ ...options, dist, cacheDir, headersTemplate });
        await runPostBuild(dist, steps, (message) => logger.info(message));
      },
    },
  };
}
