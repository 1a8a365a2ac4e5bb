// Nothing lost, the inbox never flooded: the site-wide hourly ceiling of lead e-mails (rows over it
// kept and sent in one digest when the hour turns), the daily « À vérifier » digest of the rows the
// spam heuristics kept back, and the release of one such row, mailed once. Real database, Deno
// function and SMTP catcher; the sweep is run by hand (control('sweep')), as the cron job would.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  adminClient,
  backend,
  control,
  mailAbout,
  storedContact,
  supabaseClient,
  validContact,
  waitForMail,
} from './support.mjs';

const invoke = (body) =>
  fetch(`${backend().urls.functionsUrl}/send-contact-email`, {
    method: 'POST',
    headers: { apikey: backend().keys.publishable, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

/** Counts the e-mails about `needle` once SMTP has had a moment (for "still none" checks). */
async function mailCount(needle) {
  await new Promise((r) => setTimeout(r, 400));
  return (await mailAbout(needle)).length;
}

/** @type {import('pg').Client} */
let db;
beforeAll(async () => {
  db = await adminClient();
});
afterAll(() => db?.end());

describe('the hourly ceiling of lead e-mails', () => {
  afterEach(() =>
    db.query(
      `update private.rate_limits set max_count = 100000, per = '1 hour' where name = 'contacts_mail_ceiling'`,
    ),
  );

  it('over the ceiling: rows stored, success shown, one digest when the hour turns', async () => {
    // A window no clock boundary falls into during the test, and room for exactly two more e-mails.
    await db.query(
      `update private.rate_limits set per = '100000 days' where name = 'contacts_mail_ceiling'`,
    );
    const { rows } = await db.query(`
      select count(*)::int as n from public.contacts
       where digest_id is null
         and (mailed_at >= private.mail_ceiling_window()
              or (mailed_at is null and mail_slot_at >= now() - interval '2 minutes'))`);
    await db.query(
      `update private.rate_limits set max_count = $1 where name = 'contacts_mail_ceiling'`,
      [rows[0].n + 2],
    );

    const batch = randomUUID().slice(0, 8);
    const leads = Array.from({ length: 5 }, (_, i) =>
      validContact({ nom: `Plafond${batch}n${i}`, message: `Demande ${i} du lot ${batch}.` }),
    );
    const statuses = [];
    for (const lead of leads) {
      expect((await supabaseClient().from('contacts').insert(lead)).error).toBeNull();
      const { id, fill_ms, ...six } = lead;
      statuses.push((await invoke({ id, ...six })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    expect(await waitForMail(`Plafond${batch}n1`)).toHaveLength(1);
    expect(await mailCount(`Plafond${batch}n0`)).toBe(1);
    for (const lead of leads.slice(2)) expect(await mailCount(lead.nom)).toBe(0);
    for (const lead of leads.slice(2)) {
      expect(await storedContact(lead.id)).toMatchObject({ mailed_at: null, spam_reason: null });
      expect((await storedContact(lead.id)).held_at).toBeInstanceOf(Date);
    }

    // Within the same window, neither the sweep nor a retried call mails a held row.
    const early = await control('sweep');
    expect(early.digests.filter((d) => d.kind === 'ceiling')).toEqual([]);
    expect((await invoke({ id: leads[4].id })).status).toBe(200);
    expect(await mailCount('groupées')).toBe(0);

    // The hour turns: back to the production window, the held rows now belong to a past hour.
    await db.query(
      `update private.rate_limits set per = '1 hour' where name = 'contacts_mail_ceiling'`,
    );
    await db.query(
      `update public.contacts set held_at = held_at - interval '1 hour' where id = any($1)`,
      [leads.map((lead) => lead.id)],
    );
    const turned = await control('sweep');
    const ceiling = turned.digests.filter((d) => d.kind === 'ceiling');
    expect(ceiling).toHaveLength(1);
    expect(ceiling[0].contacts).toBe(3);
    const [digest] = await waitForMail('groupées');
    expect(digest.subject).toBe(
      'Demandes de contact groupées — 3\u00a0demandes au-delà du plafond horaire',
    );
    for (const lead of leads.slice(2)) {
      expect(digest.text).toContain(lead.nom);
      expect(digest.text).toContain(lead.message);
      expect(digest.text).toContain(lead.email);
      expect((await storedContact(lead.id)).mailed_at).toBeInstanceOf(Date);
    }
    for (const lead of leads.slice(0, 2)) expect(digest.text).not.toContain(lead.nom);

    // Exactly once: another sweep and late calls send nothing more.
    const after = await control('sweep');
    expect(after.digests).toEqual([]);
    for (const lead of leads) await invoke({ id: lead.id });
    expect(await mailCount('groupées')).toBe(1);
    for (const lead of leads) {
      const mails = (await mailAbout(lead.nom)).length + (digest.text.includes(lead.nom) ? 1 : 0);
      expect(mails).toBe(1);
    }
  });
});

describe('the daily « À vérifier » digest and the release of a flagged row', () => {
  it('lists yesterday’s flagged rows once; a released row is mailed once', async () => {
    const batch = randomUUID().slice(0, 8);
    const tooFast = validContact({
      nom: `Rapide${batch}`,
      fill_ms: 900,
      message: `Première ligne ${batch}\nDeuxième ligne confidentielle ${batch}`,
    });
    const honeypot = validContact({ nom: `Piege${batch}`, site_web: 'https://spam.example' });
    const today = validContact({ nom: `Aujourdhui${batch}`, fill_ms: 500 });
    for (const row of [tooFast, honeypot, today]) {
      expect((await supabaseClient().from('contacts').insert(row)).error).toBeNull();
    }
    expect((await storedContact(tooFast.id)).spam_reason).toBe('too_fast');
    expect((await storedContact(honeypot.id)).spam_reason).toBe('honeypot');
    // Received two days ago: before today's midnight in Paris, whatever the hour now.
    await db.query(
      `update public.contacts set created_at = now() - interval '2 days' where id = any($1)`,
      [[tooFast.id, honeypot.id]],
    );

    // Other files' digests may be in the inbox already: this one is the one listing this batch.
    const digestsBefore = (await mailAbout('À vérifier')).length;
    const run = await control('sweep');
    expect(run.digests.filter((d) => d.kind === 'spam')).toMatchObject([{ contacts: 2 }]);
    const digest = (await waitForMail('À vérifier', digestsBefore + 1)).find((mail) =>
      mail.text.includes(tooFast.email),
    );
    expect(digest.subject).toBe(
      '«\u00a0À vérifier\u00a0» — 2\u00a0messages classés comme indésirables',
    );
    for (const row of [tooFast, honeypot]) {
      expect(digest.text).toContain(`${row.prenom} ${row.nom} <${row.email}>`);
      expect(digest.text).toContain(`select private.release_contact('${row.id}');`);
    }
    expect(digest.text).toContain(`Première ligne ${batch}`);
    expect(digest.text).not.toContain('Deuxième ligne confidentielle');
    expect(digest.text).not.toContain(today.nom); // today's rows wait for tomorrow's digest
    expect((await storedContact(honeypot.id)).mailed_at).toBeNull();

    // Once a day: the next sweep lists nothing again.
    expect((await control('sweep')).digests).toEqual([]);
    expect(await mailCount('À vérifier')).toBe(digestsBefore + 1);

    // The agency rescues the too-fast one: mailed once, like any lead.
    await db.query('select private.release_contact($1)', [tooFast.id]);
    expect(await storedContact(tooFast.id)).toMatchObject({
      spam_reason: null,
      released_from: 'too_fast',
    });
    await control('sweep');
    const [lead] = await waitForMail(tooFast.nom);
    expect(lead.subject).toContain('Nouvelle demande de contact');
    expect(lead.text).toContain('Deuxième ligne confidentielle');
    await control('sweep');
    expect((await invoke({ id: tooFast.id })).status).toBe(200);
    expect(await mailCount(tooFast.nom)).toBe(1);
    expect((await storedContact(tooFast.id)).mailed_at).toBeInstanceOf(Date);
    expect(await mailCount(honeypot.nom)).toBe(0);

    // A second release, or the release of a row that is not flagged, is refused with the reason.
    await expect(db.query('select private.release_contact($1)', [tooFast.id])).rejects.toThrow(
      /already released/,
    );
    const honest = validContact();
    await supabaseClient().from('contacts').insert(honest);
    await expect(db.query('select private.release_contact($1)', [honest.id])).rejects.toThrow(
      /not flagged/,
    );
  });
});
