// A visitor whose send failed at the e-mail step (the row stored, the mail provider down) edits the
// form and sends again: the agency gets the edited request once, not the first one as well (the
// sweep would have mailed it). The site's own draft store and submit code against the real
// gateway, database, Deno function and SMTP catcher.
import { describe, expect, it } from 'vitest';
import { submitContact } from '../../src/lib/contact/contact.ts';
import {
  $contactDraft,
  markDraftStored,
  restoreDraft,
  updateDraftField,
} from '../../src/stores/contact-draft.ts';
import { caughtMail, control, storedContact, supabaseClient, validContact } from './support.mjs';

/** An in-memory localStorage. */
function memoryStorage() {
  const items = new Map();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
  };
}

/** Lead e-mails about `email`, once SMTP has had a moment. */
async function leadMails(email) {
  await new Promise((r) => setTimeout(r, 400));
  return (await caughtMail()).filter(
    (mail) => mail.subject.includes('Nouvelle demande') && mail.text.includes(email),
  );
}

describe('edit and resend after a failed e-mail step', () => {
  it('mails the edited request once, never the first one as well', async () => {
    const storage = memoryStorage();
    const { id: _id, fill_ms: _fill, ...fields } = validContact();
    restoreDraft('', storage);
    for (const [name, value] of Object.entries(fields)) updateDraftField(name, value, storage);
    const send = () =>
      submitContact(
        supabaseClient(),
        $contactDraft.get(),
        { now: $contactDraft.get().startedAt + 20_000, online: () => true, leadSource: {} },
        () => markDraftStored(storage),
      );

    const firstId = $contactDraft.get().id;
    await control('mail/stop');
    try {
      expect(await send()).toMatchObject({ ok: false, stage: 'function' });
    } finally {
      await control('mail/start');
    }
    expect($contactDraft.get().stored).toBe(true);

    const edited = `${fields.message} Et aussi la facturation.`;
    updateDraftField('message', edited, storage);
    const secondId = $contactDraft.get().id;
    expect(secondId).not.toBe(firstId);
    expect(await send()).toEqual({ ok: true });
    await control('sweep');
    await control('sweep');

    const mails = await leadMails(fields.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('Et aussi la facturation.');
    expect(await storedContact(firstId)).toMatchObject({ mailed_at: null, replaced_by: secondId });
  });

  it('a row already mailed is never replaced: the corrected request is mailed too', async () => {
    const first = validContact();
    expect((await supabaseClient().from('contacts').insert(first)).error).toBeNull();
    await control('sweep');
    const second = validContact({ email: first.email, replaces: first.id, message: 'Correction.' });
    expect((await supabaseClient().from('contacts').insert(second)).error).toBeNull();
    await control('sweep');
    expect(await leadMails(first.email)).toHaveLength(2);
    expect((await storedContact(first.id)).replaced_by).toBeNull();
  });
});
