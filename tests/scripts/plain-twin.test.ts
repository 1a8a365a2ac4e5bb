import { describe, expect, it } from 'vitest';
import { plainTwinHtml, twinRoute } from '../../bench/lib/plain-twin.mjs';

const PAGE = `<!DOCTYPE html><html lang="fr"><head><meta charset="utf-8"><style>h1{color:red}</style><link rel="preload" as="font" href="/f.woff2" crossorigin><link rel="stylesheet" href="/a.css" disabled><noscript><link rel="stylesheet" href="/a.css"></noscript><title>Titre</title></head><body class="x"><h1 class="text-title" style="--a:1">Bonjour &amp; bienvenue</h1><svg viewBox="0 0 2 2" class="icon"><path d="M0 0h2"/></svg><img src="/i.webp" alt="Photo" class="rounded" width="2" height="2"><astro-island component-url="/c.js"><button class="b">Ok</button></astro-island><script type="module">import('/c.js')</script><script type="application/ld+json">{}</script></body></html>`;

describe('plainTwinHtml', () => {
  const twin = plainTwinHtml(PAGE);

  it('drops author CSS, web fonts and scripts', () => {
    expect(twin).not.toMatch(/<style|<script|stylesheet|preload|\sclass=|\sstyle=/);
  });

  it('keeps every element, text, inline SVG and image', () => {
    for (const kept of [
      '<title>Titre</title>',
      '<h1>Bonjour &amp; bienvenue</h1>',
      '<svg viewBox="0 0 2 2"><path d="M0 0h2"',
      '<img src="/i.webp" alt="Photo" width="2" height="2">',
      '<astro-island component-url="/c.js"><button>Ok</button></astro-island>',
    ])
      expect(twin).toContain(kept);
  });
});

describe('twinRoute', () => {
  it('puts every twin under one folder no page uses', () => {
    expect(twinRoute('/')).toBe('/bench-twin/accueil');
    expect(twinRoute('/blog/un-article')).toBe('/bench-twin/blog/un-article');
  });
});
