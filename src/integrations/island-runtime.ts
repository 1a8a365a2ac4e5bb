/**
 * Build step: moves Astro's island runtime (the `<astro-island>` element and its `client:visible`
 * directive, ~2 KB gzip inlined by Astro on every page with an island) out of the HTML into one
 * cached file, `/_astro/islands.<hash>.js`, and adds to the page's inline script a ~0.2 KB loader that fetches
 * it once the first island nears the viewport (`loadIslandRuntime`). Pages then carry at most ~1 KB
 * of inline script (issue 10) and still request no script before an island is needed.
 */
import { createHash } from 'node:crypto';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { minifyInline } from '../lib/inline-script';
import { loadIslandRuntime } from '../lib/page-scripts';

/** Astro's inline runtime scripts: the island element and its directives (not JSON-LD, not ours). */
const ASTRO_RUNTIME =
  /<script>((?:(?!<\/script>)[^])*?(?:self\.Astro|customElements\.define\("astro-island")[^]*?)<\/script>/g;

/**
 * Splits a page into its Astro runtime scripts and the page without them.
 * @returns `runtime` the scripts' code in page order (empty when the page has no island)
 */
export function extractIslandRuntime(html: string): { runtime: string; html: string } {
  const scripts = [...html.matchAll(ASTRO_RUNTIME)].map((match) => match[1]);
  return { runtime: scripts.join('\n'), html: html.replace(ASTRO_RUNTIME, '') };
}

/**
 * Trims the `<astro-island>` start tags of what the island runtime never reads or reads as its
 * default: `uid` (server-side only), `component-export="default"`, the component's `name` in `opts`
 * (only `value` is read). The JSON attributes (`props`, `opts`) go between single quotes, so their
 * `"` need no `&quot;` (Astro escapes a `'` in them as `&#39;`). The browser reads the same values.
 * About 60 B gzip on the home page.
 * @returns the page with its island start tags trimmed
 */
export function compactIslandTags(html: string): string {
  return html.replace(/<astro-island\b[^>]*>/g, (tag) =>
    tag
      .replace(/ uid="[^"]*"/, '')
      .replace(/ component-export="default"/, '')
      .replace(/ opts="\{&quot;name&quot;:&quot;[^&"]*&quot;,/, ' opts="{')
      .replace(
        / (props|opts)="([^"']*)"/g,
        (_, name: string, value: string) => ` ${name}='${value.replaceAll('&quot;', '"')}'`,
      ),
  );
}

/** @returns {AstroIntegration} */
export default function islandRuntime(): AstroIntegration {
  return {
    name: 'island-runtime',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const out = fileURLToPath(dir);
        const files = new Map<string, string>();
        const pages = (await readdir(out, { recursive: true, withFileTypes: true })).filter(
          (file) => file.isFile() && file.name.endsWith('.html'),
        );
        let moved = 0;
        for (const file of pages) {
          const path = join(file.parentPath, file.name);
          const page = extractIslandRuntime(await readFile(path, 'utf8'));
          if (!page.runtime) continue;
          if (!page.html.includes('<astro-island'))
            throw new Error(`${path}: Astro's island runtime is inlined on a page with no island.`);
          let url = files.get(page.runtime);
          if (!url) {
            const hash = createHash('sha256').update(page.runtime).digest('base64url').slice(0, 8);
            url = `/_astro/islands.${hash}.js`;
            await writeFile(join(out, url), page.runtime);
            files.set(page.runtime, url);
          }
          const loader = minifyInline(`(${loadIslandRuntime})(${JSON.stringify(url)})`);
          const html = compactIslandTags(page.html);
          // Into the layout's inline script when it closes the body (one script, fewer bytes).
          const withLoader = /<script>(?:(?!<\/script>)[^])*<\/script><\/body>/.test(html)
            ? html.replace('</script></body>', () => `;${loader}</script></body>`)
            : html.replace('</body>', () => `<script>${loader}</script></body>`);
          await writeFile(path, withLoader);
          moved++;
        }
        logger.info(
          `Astro's island runtime moved out of ${moved} pages into ${files.size} file(s): ${[...files.values()].join(', ')}`,
        );
      },
    },
  };
}
