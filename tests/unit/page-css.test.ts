import { describe, expect, it } from 'vitest';
import { elementNames, pruneBase, reachableScripts } from '../../src/integrations/page-css';
import { extractIslandRuntime } from '../../src/integrations/island-runtime';

describe('pruneBase', () => {
  const css =
    '@layer base{hr{height:0}a{color:inherit;-webkit-text-decoration:inherit;-webkit-text-decoration:inherit}' +
    'button,textarea{font:inherit}::placeholder{opacity:1}[hidden]{display:none}:focus-visible{outline:3px solid}' +
    'html,:host{line-height:1.5}@supports (color:red){::placeholder{color:red}}}@layer utilities{.hr{x:1}}';

  it('drops element selectors the page never has, and only those', () => {
    const out = pruneBase(css, new Set(['a', 'button', 'html']));
    expect(out).not.toMatch(/[{}]hr\{|textarea/);
    expect(out).toContain('button{font:inherit}');
    expect(out).toContain('[hidden]{display:none}');
    expect(out).toContain(':focus-visible{outline:3px solid}');
    expect(out).toContain('.hr{x:1}');
  });

  it('keeps form-control pseudo-elements only where a form control can be', () => {
    expect(pruneBase(css, new Set(['a']))).not.toContain('::placeholder');
    expect(pruneBase(css, new Set(['a', 'input']))).toContain('::placeholder{opacity:1}');
    expect(pruneBase(css, new Set(['a']))).not.toMatch(/@supports \(color:red\)\{\s*\}/);
  });

  it('removes repeated declarations and the inert :host selector', () => {
    const out = pruneBase(css, new Set(['a', 'html']));
    expect(out.match(/-webkit-text-decoration/g)).toHaveLength(1);
    expect(out).toContain('html{line-height:1.5}');
  });
});

describe('elementNames', () => {
  it('reads tags from HTML and quoted names from scripts', () => {
    const names = elementNames([
      { content: '<main><p>texte</p></main>', extension: 'html' },
      { content: 'jsx("input",{type:"email"})', extension: 'js' },
    ]);
    expect([...names].sort()).toEqual(['email', 'input', 'main', 'p']);
  });
});

describe('reachableScripts', () => {
  const chunks: Record<string, string> = {
    '/_astro/Form.js': 'import{a}from"./react.js";const t=()=>import(`./Toaster.js`);',
    '/_astro/react.js': 'export const a=1;',
    '/_astro/Toaster.js': 'import"./react.js";className:"pointer-events-auto"',
    '/_astro/client.js': 'import"./react.js";',
  };
  const read = async (url: string) => chunks[url] ?? Promise.reject(new Error(`no ${url}`));
  const html =
    '<astro-island component-url="/_astro/Form.js" renderer-url="/_astro/client.js"></astro-island>';

  it('follows islands, renderers and their static and dynamic imports', async () => {
    expect([...(await reachableScripts(html, read)).keys()].sort()).toEqual([
      '/_astro/Form.js',
      '/_astro/Toaster.js',
      '/_astro/client.js',
      '/_astro/react.js',
    ]);
  });
});

describe('extractIslandRuntime', () => {
  it("takes out Astro's runtime scripts and leaves the site's own", () => {
    const html =
      '<script>(self.Astro||(self.Astro={})).visible=a</script><astro-island></astro-island>' +
      '<script>customElements.get("astro-island")||customElements.define("astro-island",f)</script>' +
      '<script>document.querySelectorAll(`astro-island`)</script>';
    const page = extractIslandRuntime(html);
    expect(page.runtime).toContain('self.Astro');
    expect(page.runtime).toContain('customElements.define');
    expect(page.html).toBe(
      '<astro-island></astro-island><script>document.querySelectorAll(`astro-island`)</script>',
    );
  });
});
