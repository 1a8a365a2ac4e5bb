import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  POST_BUILD,
  postBuildSteps,
  runPostBuild,
  type PostBuildStep,
} from '../../src/integrations/post-build';
import { pageCss } from '../../src/integrations/page-css';
import { withoutUnreadCustomProperties } from '../../src/integrations/page-css/custom-properties';
import { stylesInHead } from '../../src/integrations/page-css/head';
import { missingRules } from '../../src/integrations/page-css/missing-rules';
import { toolLogoFiles } from '../../src/integrations/tool-logos';
import { securityHeaders } from '../../src/integrations/security-headers';

let dist: string;
beforeEach(() => {
  dist = mkdtempSync(join(tmpdir(), 'post-build-'));
});
afterEach(() => rmSync(dist, { recursive: true, force: true }));

const page = (body: string, head = '') =>
  `<!DOCTYPE html><html lang="fr"><head><meta charset="utf-8">${head}</head><body>${body}</body></html>`;

describe('the post-build list', () => {
  it('runs share images, tool logos, page CSS, then security headers', () => {
    const steps = postBuildSteps({
      dist,
      cacheDir: dist,
      headersTemplate: '',
      supabaseUrl: 'http://127.0.0.1:1',
      bookingUrl: 'http://localhost:2/booking.html',
    });
    expect(steps.map((step) => step.name)).toEqual([...POST_BUILD]);
    expect(POST_BUILD).toEqual([
      'share images',
      'tool logos',
      'page CSS',
      'search index',
      'security headers',
    ]);
  });

  it('reads the pages once, chains the steps over them, writes what they return', async () => {
    mkdirSync(join(dist, 'blog'));
    writeFileSync(join(dist, 'index.html'), page('<h1>Accueil</h1>'));
    writeFileSync(join(dist, 'blog/post.html'), page('<h1>Article</h1>'));
    const seen: string[][] = [];
    const steps: PostBuildStep[] = [
      {
        name: 'rewrite',
        run: (pages) => {
          seen.push([...pages.keys()].sort());
          return new Map([
            ['index.html', pages.get('index.html')!.replace('Accueil', 'Bienvenue')],
          ]);
        },
      },
      {
        name: 'summary',
        run: (pages) =>
          new Map([
            ['summary.txt', pages.get('index.html')!.includes('Bienvenue') ? 'vu' : 'pas vu'],
          ]),
      },
    ];
    const written = await runPostBuild(dist, steps);
    expect(seen).toEqual([['blog/post.html', 'index.html']]);
    expect([...written.keys()]).toEqual(['index.html', 'summary.txt']);
    expect(readFileSync(join(dist, 'index.html'), 'utf8')).toContain('<h1>Bienvenue</h1>');
    expect(readFileSync(join(dist, 'summary.txt'), 'utf8')).toBe('vu');
  });
});

describe('page CSS step', () => {
  it("inlines the rules the page uses, the inline script's states and the focus ring", async () => {
    mkdirSync(join(dist, '_astro'));
    writeFileSync(
      join(dist, '_astro/site.css'),
      '.used{color:red}.unused{color:blue}[data-reveal].reveal-pending:not(.is-revealed){opacity:0}' +
        ':focus-visible{outline:3px solid}',
    );
    const html = page(
      '<p class="used" data-reveal>Bonjour</p>',
      '<link rel="stylesheet" href="/_astro/site.css">',
    );
    const out = (await pageCss(new Map([['index.html', html]]), dist)).get('index.html')!;
    const inline = /<style>([^<]*)<\/style>/.exec(out)?.[1] ?? '';
    expect(inline).toContain('.used{color:red}');
    expect(inline).not.toContain('.unused');
    expect(inline).toContain('.reveal-pending');
    expect(inline).toContain(':focus-visible{outline:3px solid}');
  });

  it('defers, last in the head, only the rules the page lacks; all without JavaScript', async () => {
    mkdirSync(join(dist, '_astro'));
    writeFileSync(join(dist, '_astro/site.css'), '.used{color:red}.toast{color:blue}');
    const html = page(
      '<style>astro-island{display:contents}</style><p class="used">Bonjour</p>',
      '<link rel="stylesheet" href="/_astro/site.css"><style>x{}</style>',
    );
    const files = await pageCss(new Map([['index.html', html]]), dist);
    const [deferred, rules] = [...files].find(([path]) => path.endsWith('.css'))!;
    expect(deferred).toMatch(/^_astro\/deferred\.[0-9a-f]{10}\.css$/);
    expect(rules).toBe('.toast{color:blue}');
    expect(files.get('index.html')).toContain(
      `<style>astro-island{display:contents}</style><link rel="stylesheet" href="/${deferred}" disabled>` +
        '<noscript><link rel="stylesheet" href="/_astro/site.css"></noscript></head>',
    );
  });

  it('defers one stylesheet for all the linked ones, last in the head', async () => {
    mkdirSync(join(dist, '_astro'));
    writeFileSync(join(dist, '_astro/site.css'), '.used{color:red}.toast{color:blue}');
    writeFileSync(join(dist, '_astro/blog.css'), '.anchor{opacity:0}.anchor:focus{opacity:1}');
    const html = page(
      '<p class="used">x</p><a class="anchor">#</a>',
      '<link rel="stylesheet" href="/_astro/site.css"><link rel="stylesheet" href="/_astro/blog.css">',
    );
    const files = await pageCss(new Map([['index.html', html]]), dist);
    const [deferred, rules] = [...files].find(([path]) => path.endsWith('.css'))!;
    expect(rules).toBe('.toast{color:blue}');
    const out = files.get('index.html')!;
    expect(out.match(/<link rel="stylesheet"[^>]*disabled>/g)).toEqual([
      `<link rel="stylesheet" href="/${deferred}" disabled>`,
    ]);
    expect(out).toContain(
      `<noscript><link rel="stylesheet" href="/_astro/site.css"></noscript><link rel="stylesheet" href="/${deferred}" disabled>` +
        '<noscript><link rel="stylesheet" href="/_astro/blog.css"></noscript></head>',
    );
  });

  it('defers nothing when the page has every rule, and names equal rules one file', async () => {
    mkdirSync(join(dist, '_astro'));
    writeFileSync(join(dist, '_astro/site.css'), '.a{color:red}.b{color:blue}');
    const files = await pageCss(
      new Map([
        [
          'all.html',
          page(
            '<p class="a">x</p><p class="b">y</p>',
            '<link rel="stylesheet" href="/_astro/site.css">',
          ),
        ],
        ['one.html', page('<p class="a">x</p>', '<link rel="stylesheet" href="/_astro/site.css">')],
        ['two.html', page('<p class="a">z</p>', '<link rel="stylesheet" href="/_astro/site.css">')],
      ]),
      dist,
    );
    expect(files.get('all.html')).not.toContain('disabled');
    expect(files.get('all.html')).toContain(
      '<noscript><link rel="stylesheet" href="/_astro/site.css"></noscript>',
    );
    expect([...files.keys()].filter((path) => path.endsWith('.css'))).toHaveLength(1);
  });

  it('drops the custom properties nothing on the page reads, with their registration', () => {
    const css =
      '@layer properties{@supports (x:y){*{--tw-blur:initial;--tw-shadow:0 0 #0000}}}' +
      '@property --tw-blur{syntax:"*";inherits:false}@property --tw-shadow{syntax:"*";inherits:false}' +
      ':root{--color-unused:red;--color-ink:#111}' +
      '.card{box-shadow:var(--tw-shadow);color:var(--color-ink)}';
    const out = withoutUnreadCustomProperties(
      page('<p class="card" style="border-color:var(--color-line)">a</p>', `<style>${css}</style>`),
    );
    expect(out).toContain(
      '<style>@layer properties{@supports (x:y){*{--tw-shadow:0 0 #0000}}}' +
        '@property --tw-shadow{syntax:"*";inherits:false}:root{--color-ink:#111}' +
        '.card{box-shadow:var(--tw-shadow);color:var(--color-ink)}</style>',
    );
    // A property read only by a style attribute is kept; an emptied block disappears.
    const attribute = withoutUnreadCustomProperties(
      page(
        '<p style="color:var(--color-line)">a</p>',
        '<style>:root{--color-line:#ddd}@layer properties{*{--tw-blur:initial}}</style>',
      ),
    );
    expect(attribute).toContain('<style>:root{--color-line:#ddd}</style>');
  });

  it('moves a <style> of the body into the head', () => {
    const out = stylesInHead(
      page('<p>a</p><style>x{display:contents}</style><p>b</p>', '<style>y{}</style>'),
    );
    expect(out).toContain(
      '<head><meta charset="utf-8"><style>y{}</style><style>x{display:contents}</style></head>',
    );
    expect(out).toContain('<body><p>a</p><p>b</p></body>');
  });
});

describe('tool logos step', () => {
  it('writes the logo of each tool a page references, and refuses an unknown one', () => {
    const files = toolLogoFiles(new Map([['a.html', '<img src="/logos/n8n.svg" alt="">']]));
    expect([...files.keys()]).toEqual(['logos/n8n.svg']);
    expect(files.get('logos/n8n.svg')).toContain('<svg');
    expect(() => toolLogoFiles(new Map([['a.html', '<img src="/logos/nope.svg">']]))).toThrow(
      /nope/,
    );
  });
});

describe('security headers step', () => {
  it("allows the pages' inline scripts as they finally are", () => {
    const headers = securityHeaders(
      new Map([['a.html', page('<script>go()</script>')]]),
      "/*\n  Content-Security-Policy: script-src 'self' {script-hashes}; frame-src {booking-origin}",
      { supabaseUrl: 'http://127.0.0.1:1', bookingUrl: 'http://localhost:2/booking.html' },
    );
    expect(headers).toMatch(/script-src 'self' 'sha256-[\w+/=]+'; frame-src http:\/\/localhost:2$/);
  });
});

describe('the rules a page lacks (missingRules)', () => {
  const beside = (css: string) => [css];

  it('keeps a rule whose selector the page has not inlined, and drops the inlined ones', () => {
    const { deferred } = missingRules(
      '@layer utilities{.a{color:red}.b:hover{color:blue}}.c{margin:0}',
      beside('@layer utilities{.a{color:red}}.c{margin:0}'),
      '<p class="a">x</p>',
    );
    expect(deferred).toBe('@layer utilities{.b:hover{color:blue}}');
  });

  it('compares selectors one by one, whatever the whitespace', () => {
    const { deferred } = missingRules(
      '.a > .x,.b{color:red;margin:0}',
      beside('.a>.x{color:red;margin:0}'),
      '',
    );
    expect(deferred).toBe('.b{color:red;margin:0}');
  });

  it('sets no custom property that nothing reads, and registers only those read', () => {
    const { deferred } = missingRules(
      '@property --tw-shadow{syntax:"*";inherits:false}@property --tw-unread{syntax:"*";inherits:false}' +
        '.font-bold{--tw-font-weight:700;font-weight:700}.shadow{box-shadow:var(--tw-shadow)}',
      beside('.font-bold{font-weight:700}'),
      '',
    );
    expect(deferred).toBe(
      '@property --tw-shadow{syntax:"*";inherits:false}.shadow{box-shadow:var(--tw-shadow)}',
    );
  });

  it('inlines pseudo-element-only rules where the page uses them, never defers them', () => {
    const stylesheet =
      '@layer base{*,::backdrop{margin:0}::placeholder{opacity:1}::file-selector-button{margin:0}}';
    const inline = beside('@layer base{*{margin:0}}');
    const form = missingRules(stylesheet, inline, '<input placeholder="Nom"><div popover></div>');
    expect(form.inline).toBe(
      '@layer base{::backdrop{margin:0}}@layer base{::placeholder{opacity:1}}',
    );
    expect(form.deferred).toBe('');
    const text = missingRules(stylesheet, inline, '<p>Texte</p>');
    expect(text.inline).toBe('');
    expect(text.deferred).toBe('');
  });
});
