import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  HOST_HEADER_RULES,
  fillHeaders,
  inlineScriptHashes,
  scriptRules,
  securityHeaders,
} from '../../src/integrations/security-headers';

const sha = (body: string) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`;

describe('inlineScriptHashes', () => {
  it('hashes inline scripts only: not external scripts, not JSON-LD data blocks', () => {
    const html =
      '<script>a()</script><script type="module">b()</script><script src="/x.js"></script>' +
      '<script type="application/ld+json">{"@type":"Thing"}</script>';
    expect(inlineScriptHashes(html)).toEqual([sha('a()'), sha('b()')]);
  });
});

describe('fillHeaders', () => {
  const template = [
    '# {script-hashes} stays as written in comments',
    '/*',
    "  Content-Security-Policy: script-src 'self' {script-hashes}; connect-src 'self' {supabase-origin}; frame-src {booking-origin}",
  ].join('\n');

  it('fills the policy with unique sorted hashes and the two origins', () => {
    const out = fillHeaders(template, {
      scriptHashes: ["'sha256-b'", "'sha256-a'", "'sha256-b'"],
      supabaseOrigin: 'https://ref.supabase.co',
      bookingOrigin: 'https://calendly.com',
    });
    expect(out.split('\n')[0]).toBe('# {script-hashes} stays as written in comments');
    expect(out.split('\n')[2]).toBe(
      "  Content-Security-Policy: script-src 'self' 'sha256-a' 'sha256-b'; connect-src 'self' https://ref.supabase.co; frame-src https://calendly.com",
    );
  });

  it('allows Cloudflare Turnstile only when it is configured', () => {
    const policy =
      "  Content-Security-Policy: script-src 'self' {captcha-origin} {script-hashes}; frame-src {booking-origin} {captcha-origin}";
    const values = {
      scriptHashes: ["'sha256-a'"],
      supabaseOrigin: 'x',
      bookingOrigin: 'https://calendly.com',
    };
    expect(fillHeaders(policy, values)).toBe(
      "  Content-Security-Policy: script-src 'self' 'sha256-a'; frame-src https://calendly.com",
    );
    expect(
      fillHeaders(policy, { ...values, captchaOrigin: 'https://challenges.cloudflare.com' }),
    ).toBe(
      "  Content-Security-Policy: script-src 'self' https://challenges.cloudflare.com 'sha256-a'; frame-src https://calendly.com https://challenges.cloudflare.com",
    );
  });

  it('allows the tests’ GitHub stand-in in /admin only when it is configured', () => {
    const policy =
      '  Content-Security-Policy: connect-src https://api.github.com {editor-api-origin}';
    const values = { scriptHashes: [], supabaseOrigin: 'x', bookingOrigin: 'y' };
    expect(fillHeaders(policy, values)).toBe(
      '  Content-Security-Policy: connect-src https://api.github.com',
    );
    expect(fillHeaders(policy, { ...values, editorApiOrigin: 'http://127.0.0.1:4328' })).toBe(
      '  Content-Security-Policy: connect-src https://api.github.com http://127.0.0.1:4328',
    );
  });
});

describe('scriptRules: each page allows only the scripts it runs', () => {
  const shell = '<script>layout()</script>';
  const island = '<script>island()</script>';
  const pages = new Map([
    ['index.html', shell + island],
    ['faq.html', shell],
    ['cgv.html', shell],
    ['tarifs.html', shell],
    ['equipe.html', shell],
    ['mentions.html', shell],
    ['blog.html', shell + island],
    ['blog/a.html', shell + island],
    ['blog/categorie/b.html', shell + island],
    ['projets/a.html', shell],
    ['projets/b.html', shell + island],
    ['admin/index.html', ''],
    ['404.html', shell + '<script>log()</script>'],
  ]);

  it('gives every page the scripts most pages run and the 404 page’s', () => {
    expect(scriptRules(pages).base).toEqual([sha('layout()'), sha('log()')].sort());
  });

  it('adds the others by page, or by folder when the whole folder needs the same', () => {
    const need = [sha('layout()'), sha('log()'), sha('island()')].sort();
    expect(Object.fromEntries(scriptRules(pages).rules)).toEqual({
      '/blog/*': need,
      '/': need,
      '/blog': need,
      '/projets/b': need,
    });
  });

  const template =
    "/*\n  Content-Security-Policy: script-src 'self' {script-hashes}; frame-src {booking-origin}\n";
  const origins = { supabaseUrl: 'http://127.0.0.1:1', bookingUrl: 'http://localhost:2/b.html' };

  it('writes a rule that replaces the policy for each page running more', () => {
    const headers = securityHeaders(pages, template, origins);
    const projet = headers.split('\n/projets/b\n')[1].split('\n');
    expect(projet[0]).toBe('  ! Content-Security-Policy');
    expect(projet[1]).toContain(sha('island()'));
    expect(projet[1]).toMatch(/frame-src http:\/\/localhost:2$/);
    expect(headers.split('\n')[1]).not.toContain(sha('island()'));
  });

  it('refuses more rules than the host reads', () => {
    const many = new Map([...pages]);
    for (let index = 0; index < HOST_HEADER_RULES; index++)
      many.set(`p${index}.html`, shell + island);
    for (let index = 0; index < HOST_HEADER_RULES + 1; index++) many.set(`q${index}.html`, shell);
    expect(() => securityHeaders(many, template, origins)).toThrow(/at most 100/);
  });
});
