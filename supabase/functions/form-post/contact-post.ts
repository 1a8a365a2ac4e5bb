import type { FormPost, FormPostTools } from './context.ts';
import { contactPage, heldPage } from './form-page.ts';
import { contact, contactRefused } from '../_shared/messages-fr.ts';
import {
  CONTACT_FIELDS,
  fieldOfDatabaseError,
  HONEYPOT_FIELD,
  retryAfterSeconds,
  toPayload,
  validateContact,
  type ContactFieldName,
} from '../_shared/validation.ts';

/** Where the site's page answers a contact request that went through. */
const DONE_PAGE = '/contact/message-envoye';

/**
 * The contact form: one validation, the insert as the browser's role, then `send-contact-email`.
 * 303 to the site's page, or the form again with everything the visitor wrote (422, 429, 500).
 */
export async function postContact(post: FormPost, tools: FormPostTools): Promise<Response> {
  const values = Object.fromEntries(
    CONTACT_FIELDS.map((name) => [name, post.form.get(name) ?? '']),
  ) as Record<ContactFieldName, string>;
  const refuse = (
    status: number,
    reason: string,
    refused?: ReturnType<typeof fieldOfDatabaseError>,
  ) =>
    tools.html(
      status,
      contactPage({
        ...post.page,
        title: contactRefused.title,
        reason,
        values,
        refused: refused ? { field: refused.field, rule: refused.rule } : undefined,
        honeypotName: HONEYPOT_FIELD,
      }),
    );
  const checked = validateContact(toPayload(values));
  if (!checked.ok) {
    const refused = checked.field === 'body' ? null : { field: checked.field, rule: checked.rule };
    return refuse(422, contactRefused.fix, refused);
  }
  const saved = await tools.deps.store.saveContact(
    { ...checked.value, ...post.extras },
    post.headers,
  );
  if ('refusal' in saved) {
    const { refusal } = saved;
    if (refusal.code === 'rate_limited')
      return refuse(
        429,
        contact.rateLimited(contact.retryIn(retryAfterSeconds(refusal.details)), ''),
      );
    const field = fieldOfDatabaseError(refusal);
    if (field) return refuse(422, contactRefused.fix, field);
    tools.logError('form-post: the contact insert was refused:', refusal);
    return refuse(500, `${contact.errorText} ${contactRefused.retry}`);
  }
  // The row is stored: e-mail it now, as the form's script does. Should this call fail, the
  // sweep mails the row within minutes, so the visitor's message is sent either way; a row held
  // for a manual check (`held`) is answered so, never « envoyé ».
  const held = await tools.deps
    .invoke('send-contact-email', { id: saved.id, ...checked.value })
    .then(async (res) => {
      if (res.ok) return ((await res.json()) as { held?: boolean }).held === true;
      tools.logError(`form-post: send-contact-email answered ${res.status}:`, await res.text());
      return false;
    })
    .catch((error) => {
      tools.logError('form-post: send-contact-email failed:', error);
      return false;
    });
  return held ? tools.html(200, heldPage(post.page.site)) : tools.done(DONE_PAGE);
}
