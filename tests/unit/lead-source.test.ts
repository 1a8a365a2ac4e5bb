// @vitest-environment jsdom
// Where a lead came from: the campaign fields kept for the session by every page's inline script,
// read back by the contact form with the shared rules (a broken tag is left out, never the lead).
import { afterEach, describe, expect, it } from 'vitest';
import {
  CAMPAIGN_STORAGE_KEY,
  currentLeadSource,
  readLeadSource,
} from '../../src/lib/contact/lead-source';
import { keepCampaign } from '../../src/lib/page-scripts/layout';
import { runInlinePageScript } from './support/page-script';
import { submitContact } from '../../src/lib/contact/contact';
import type { FormsClient } from '../../src/lib/contact/supabase-config';

afterEach(() => {
  sessionStorage.clear();
  history.replaceState(null, '', '/');
});

describe('campaign kept across pages', () => {
  it('keeps the landing page’s campaign for later pages, in sessionStorage', () => {
    history.replaceState(null, '', '/blog/seo?utm_source=newsletter&utm_campaign=rentr%C3%A9e&x=1');
    keepCampaign(CAMPAIGN_STORAGE_KEY);
    history.replaceState(null, '', '/contact');
    keepCampaign(CAMPAIGN_STORAGE_KEY);
    expect(currentLeadSource()).toEqual({
      page: '/contact',
      utm_source: 'newsletter',
      utm_campaign: 'rentrée',
    });
    expect(document.cookie).toBe('');
  });

  it('replaces an earlier campaign by a new one, whole', () => {
    history.replaceState(null, '', '/?utm_source=google&utm_medium=cpc');
    keepCampaign(CAMPAIGN_STORAGE_KEY);
    history.replaceState(null, '', '/tarifs?utm_source=linkedin');
    keepCampaign(CAMPAIGN_STORAGE_KEY);
    expect(currentLeadSource()).toEqual({ page: '/tarifs', utm_source: 'linkedin' });
  });

  it('is part of every page’s inline script', () => {
    history.replaceState(null, '', '/faq?utm_medium=email');
    runInlinePageScript();
    expect(sessionStorage.getItem(CAMPAIGN_STORAGE_KEY)).toBe('?utm_medium=email');
    history.replaceState(null, '', '/contact');
    expect(currentLeadSource()).toEqual({ page: '/contact', utm_medium: 'email' });
  });

  it('keeps nothing from an address without a campaign field', () => {
    history.replaceState(null, '', '/contact?service=automatisation-ia');
    keepCampaign(CAMPAIGN_STORAGE_KEY);
    expect(sessionStorage.getItem(CAMPAIGN_STORAGE_KEY)).toBeNull();
  });
});

describe('readLeadSource', () => {
  const storage = (value: string | null) => ({ getItem: () => value });

  it('leaves out a campaign value that breaks the shared rules, keeping the others', () => {
    const kept = `?utm_source=${'a'.repeat(101)}&utm_medium=x%0D%0ABcc%3A+y&utm_campaign=ok`;
    expect(readLeadSource('/contact', storage(kept))).toEqual({
      page: '/contact',
      utm_campaign: 'ok',
    });
  });

  it('sends no campaign when none is kept, it is not ours, or storage fails', () => {
    expect(readLeadSource('/contact', storage(null))).toEqual({ page: '/contact' });
    expect(readLeadSource('/contact', storage('{"utm_source":"x"}'))).toEqual({ page: '/contact' });
    expect(readLeadSource('/contact', null)).toEqual({ page: '/contact' });
  });

  it('leaves out a page that is not a path the database accepts', () => {
    expect(readLeadSource(`/${'a'.repeat(400)}`, null)).toEqual({});
  });
});

describe('the contact row carries the lead source', () => {
  it('inserts this tab’s page and campaign with the row, not in the function call', async () => {
    history.replaceState(null, '', '/offres/site-vitrine?utm_source=salon&utm_campaign=2026');
    keepCampaign(CAMPAIGN_STORAGE_KEY);
    history.replaceState(null, '', '/contact');
    const calls: { kind: string; payload: Record<string, unknown> }[] = [];
    const client = {
      from: () => ({
        insert: async (row: Record<string, unknown>) => {
          calls.push({ kind: 'insert', payload: row });
          return { error: null, status: 201 };
        },
      }),
      functions: {
        invoke: async (_name: string, { body }: { body: Record<string, unknown> }) => {
          calls.push({ kind: 'invoke', payload: body });
          return { error: null };
        },
      },
    } as unknown as FormsClient;
    const fields = {
      prenom: 'Ada',
      nom: 'Lovelace',
      email: 'ada@example.com',
      telephone: '',
      service_souhaite: 'Automatisation IA',
      message: 'Bonjour',
    };
    const draft = { id: 'id-1', fields, stored: false, startedAt: 1_000 };
    expect(await submitContact(client, draft, { now: 20_000 })).toEqual({ ok: true });
    expect(calls[0].payload).toMatchObject({
      page: '/contact',
      utm_source: 'salon',
      utm_campaign: '2026',
    });
    expect(calls[0].payload).not.toHaveProperty('utm_medium');
    expect(calls[1].payload).not.toHaveProperty('page');
  });
});
