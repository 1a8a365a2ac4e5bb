// The handler's digests (no Deno, no network, handler-fakes.mjs): the sweep's call for a digest of
// held, spam or unmailed rows, claimed, mailed once and marked.
import { describe, expect, it } from 'vitest';
import { ID, ROW, fakeMailer, fakeStore, sweepPost, post, handler } from './handler-fakes.mjs';

describe('digests', () => {
  /** A store holding one claimable digest of two rows; records marks and releases. */
  function digestStore(kind) {
    const log = [];
    let due = true;
    const contacts = [
      {
        ...ROW,
        created_at: '2026-11-24T09:00:00Z',
        spam_reason: kind === 'spam' ? 'too_fast' : null,
      },
      {
        ...ROW,
        id: 'b1',
        prenom: 'Grace',
        nom: 'Hopper',
        created_at: '2026-11-24T09:05:00Z',
        spam_reason: kind === 'spam' ? 'honeypot' : null,
      },
    ];
    return {
      log,
      store: {
        ...fakeStore(),
        async claimDigest(k) {
          log.push(['claim', k]);
          return due && k === kind ? { id: 'digest-1', kind, contacts } : null;
        },
        async markDigestMailed(id) {
          due = false;
          log.push(['mailed', id]);
        },
        async releaseDigest(id) {
          log.push(['released', id]);
        },
      },
    };
  }

  it('sends the due ceiling digest once, every row in full, keyed by the digest id', async () => {
    const { sent, mailer } = fakeMailer();
    const { store, log } = digestStore('ceiling');
    const send = handler({ mailer, store });
    const res = await send(sweepPost({ digest: 'ceiling' }));
    expect(await res.json()).toEqual({ ok: true, digest: 'digest-1', contacts: 2 });
    expect((await send(sweepPost({ digest: 'ceiling' }))).status).toBe(200);
    expect(sent).toHaveLength(1);
    expect(sent[0].idempotencyKey).toBe('digest-1');
    expect(sent[0].text).toContain('Ada Lovelace');
    expect(sent[0].text).toContain('Grace Hopper');
    expect(log).toContainEqual(['mailed', 'digest-1']);
  });

  it('lists flagged rows in « À vérifier » with their reason and release command', async () => {
    const { sent, mailer } = fakeMailer();
    const { store } = digestStore('spam');
    await handler({ mailer, store })(sweepPost({ digest: 'spam' }));
    expect(sent[0].subject).toBe(
      '«\u00a0À vérifier\u00a0» — 2\u00a0messages classés comme indésirables',
    );
    expect(sent[0].text).toContain('envoyé en moins de 3\u00a0secondes');
    expect(sent[0].text).toContain('champ caché rempli');
    expect(sent[0].text).toContain(`select private.release_contact('${ID}');`);
    expect(sent[0].html).toContain('&lt;ada@example.com&gt;');
  });

  it('gives a digest back with 502 when the mail provider fails', async () => {
    const { store, log } = digestStore('ceiling');
    const res = await handler({ mailer: fakeMailer({ fail: true }).mailer, store })(
      sweepPost({ digest: 'ceiling' }),
    );
    expect(res.status).toBe(502);
    expect(log).toContainEqual(['released', 'digest-1']);
    expect(log).not.toContainEqual(['mailed', 'digest-1']);
  });

  it('refuses a digest asked without the sweep’s secret with 403, sending nothing', async () => {
    const { sent, mailer } = fakeMailer();
    const { store, log } = digestStore('unmailed');
    const send = handler({ mailer, store });
    for (const request of [
      post({ digest: 'unmailed' }),
      post(
        { digest: 'unmailed' },
        { headers: { 'Content-Type': 'application/json', 'X-Sweep-Secret': 'guess' } },
      ),
    ])
      expect((await send(request)).status).toBe(403);
    expect(sent).toHaveLength(0);
    expect(log).toEqual([]);
  });

  it('refuses an unknown digest kind with 400', async () => {
    const res = await handler()(sweepPost({ digest: 'weekly' }));
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatch(/"ceiling", "spam", "unmailed", "held" or "check"/);
  });
});
