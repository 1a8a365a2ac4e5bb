import { describe, expect, it } from 'vitest';
import {
  componentClasses,
  elementNames,
  mentionedNames,
  pruneBase,
  pruneComponents,
  reachableScripts,
  unregisterProperties,
} from '../../src/integrations/page-css';
import { extractIslandRuntime, compactIslandTags } from '../../src/integrations/island-runtime';

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

describe('pruneComponents', () => {
  const css =
    '@layer components{.js [data-reveal]:not(.is-revealed){opacity:0}.prose-legal{max-width:48rem}' +
    '.prose-legal :where(h2){margin:0}.menu-close,.site-header:has(:popover-open) .menu-open{display:none}' +
    '[data-nav-solid] .site-header{color:#000}@media (forced-colors:active){.carousel-dot{border:1px solid}}}' +
    '@layer utilities{.prose-x{x:1}}';
  const contents = [
    {
      content:
        '<header class="site-header"><svg class="menu-open"></svg><svg class="menu-close"></svg></header>' +
        '<script>e.classList.add(`js`);t.classList.add(`is-revealed`)</script>',
    },
    { content: 'jsx("p",{className:"prose-legalese x-prose-legal"})' },
  ];
  const page = new Set(mentionedNames(contents, componentClasses(css)));

  it('finds the class names a page spells as whole words, in markup or scripts', () => {
    expect([...page]).toEqual(['is-revealed', 'js', 'menu-close', 'menu-open', 'site-header']);
  });

  it('lists the classes the components layer names', () => {
    expect(componentClasses(css)).toEqual([
      'carousel-dot',
      'is-revealed',
      'js',
      'menu-close',
      'menu-open',
      'prose-legal',
      'site-header',
    ]);
  });

  it('drops the rules naming a class the page never has, and only those', () => {
    const out = pruneComponents(css, page);
    expect(out).not.toContain('prose-legal');
    expect(out).not.toContain('@media');
    expect(out).toContain('.js [data-reveal]:not(.is-revealed){opacity:0}');
    expect(out).toContain('.menu-close,.site-header:has(:popover-open) .menu-open{display:none}');
    expect(out).toContain('[data-nav-solid] .site-header{color:#000}');
    expect(out).toContain('.prose-x{x:1}');
    expect(pruneComponents(css, new Set([...page, 'prose-legal']))).toContain(
      '.prose-legal :where(h2){margin:0}',
    );
  });

  it('keeps the selectors of a list that can match, drops the others', () => {
    const out = pruneComponents(css, new Set(['menu-close']));
    expect(out).toContain('.menu-close{display:none}');
  });
});

describe('unregisterProperties', () => {
  const css =
    '@layer properties{@supports (((-webkit-hyphens:none)) and (not (margin-trim:block))) or ((-moz-orient:inline) and (not (color:rgb(from red r g b)))){' +
    '*,:before,:after,::backdrop{--tw-shadow:0 0 #0000;--tw-font-weight:initial;--tw-leading:initial}}}' +
    '@layer utilities{.shadow{--tw-shadow:0 1px 2px #000;box-shadow:var(--tw-shadow)}.font-bold{--tw-font-weight:700;font-weight:700}' +
    '.leading-x{--tw-leading:2;line-height:2}.text-sm{line-height:var(--tw-leading,1.4)}}' +
    '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}@property --tw-leading{syntax:"*";inherits:false}';

  it('sets the initial values on every element instead of registering them', () => {
    const out = unregisterProperties(css);
    expect(out).not.toContain('@property');
    expect(out).not.toContain('@supports');
    expect(out).toContain('@layer properties{*,:before,:after,::backdrop{--tw-shadow:0 0 #0000;');
    expect(out).toContain('--tw-leading:initial}');
  });

  it('drops Tailwind custom properties nothing reads', () => {
    const out = unregisterProperties(css);
    expect(out).not.toContain('--tw-font-weight');
    expect(out).toContain('.font-bold{font-weight:700}');
    expect(out).toContain('.leading-x{--tw-leading:2;line-height:2}');
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

describe('compactIslandTags', () => {
  it('drops what the island runtime never reads, and writes the JSON between single quotes', () => {
    const html =
      '<astro-island uid="Z1" prefix="r1" component-url="/a.js" component-export="default" ' +
      'props="{&quot;t&quot;:[0,&quot;A &amp; B&quot;]}" ssr client="visible" ' +
      'opts="{&quot;name&quot;:&quot;A&quot;,&quot;value&quot;:true}" await-children>' +
      '<p title="&quot;x&quot;">x</p></astro-island>';
    expect(compactIslandTags(html)).toBe(
      '<astro-island prefix="r1" component-url="/a.js" props=\'{"t":[0,"A &amp; B"]}\' ssr ' +
        'client="visible" opts=\'{"value":true}\' await-children><p title="&quot;x&quot;">x</p></astro-island>',
    );
  });

  it('keeps a named export and an attribute holding a quote as they are', () => {
    const html =
      '<astro-island component-export="Steps" props="{&quot;t&quot;:&quot;l\'IA&quot;}"></astro-island>';
    expect(compactIslandTags(html)).toBe(html);
  });
});
