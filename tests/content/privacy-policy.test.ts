// The privacy policy says only what the system does (issue 45, point 5): it names the processors,
// says how the mailbox copies are deleted, and makes no promise the configuration does not keep.
// Each promise is mapped to the code that keeps it in CONTENT.md (« Ce que promet la politique »).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const policy = readFileSync('src/content/legal/politique-confidentialite.md', 'utf8');
const body = policy.slice(policy.indexOf('\n---', 4) + 4);
const sentences = body.split(/(?<=[.;])\s/);

describe('privacy policy', () => {
  it('names each processor and what it does', () => {
    for (const processor of ['Cloudflare', 'Supabase', 'Resend', 'Cloudflare Turnstile']) {
      expect(body).toContain(`**${processor}**`);
    }
  });

  it('promises no storage in the European Union for our processors', () => {
    const promises = sentences.filter(
      (sentence) =>
        /Supabase|Resend|Cloudflare/.test(sentence) && /Union européenne/.test(sentence),
    );
    expect(promises).toEqual([]);
  });

  it('says how the mailbox copies are deleted, and keeps no bare SHA-256', () => {
    expect(body).toMatch(/supprimons à la main, dans notre messagerie/);
    expect(body).toContain('HMAC-SHA-256');
    expect(body).not.toMatch(/condensat SHA-256/);
  });

  it('says a newsletter sign-up is confirmed by a button, not by opening the link', () => {
    expect(body).toMatch(/un bouton confirme votre inscription/);
  });

  it('does not say an unmailed lead is deleted', () => {
    expect(body).toMatch(/n’est jamais supprimé avant de nous être parvenu/);
  });

  it('uses French quotation marks, never straight double quotes, in its text', () => {
    expect(body).not.toMatch(/"/);
  });
});
