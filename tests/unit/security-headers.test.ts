import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fillHeaders, inlineScriptHashes } from '../../src/integrations/security-headers';

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
