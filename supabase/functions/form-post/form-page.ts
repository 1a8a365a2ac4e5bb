// The French page the no-JavaScript form endpoint answers when it cannot take a request yet: what
// to fix, and the form again with everything the visitor wrote, posting to the same endpoint.
import { escapeHtml } from '../_shared/html.ts';
import { fieldMessage } from '../_shared/field-messages.ts';
import { contact, contactRefused, newsletter, newsletterRefused } from '../_shared/messages-fr.ts';
import {
  CONTACT_FIELDS,
  MAX_LENGTHS,
  SERVICES,
  type ContactFieldName,
  type FieldRule,
} from '../_shared/validation.ts';

const e = escapeHtml;

interface PageOptions {
  /** Where the form posts (this endpoint's public URL). */
  action: string;
  /** The site, for the way back. */
  site: string;
  title: string;
  /** Why, in one sentence (shown as an alert). */
  reason: string;
}

const STYLE = `body{font:1rem/1.5 system-ui,sans-serif;color:#0f172a;margin:0;background:#f8fafc}
main{max-width:40rem;margin:0 auto;padding:2rem 1rem}h1{font-size:1.6rem;line-height:1.2}
label{display:block;font-weight:600;margin:1rem 0 .25rem}
input,select,textarea{box-sizing:border-box;width:100%;min-height:2.75rem;padding:.5rem .75rem;
font:inherit;border:1px solid #64748b;border-radius:.5rem;background:#fff;color:inherit}
[aria-invalid=true]{border:2px solid #b91c1c}.error,[role=alert]{color:#b91c1c;font-weight:600}
.hp{position:absolute;left:-10000px;width:1px;height:1px;overflow:hidden}
button{margin-top:1.25rem;min-height:3rem;padding:.75rem 1.5rem;border:0;border-radius:999px;
background:#4338ca;color:#fff;font:inherit;font-weight:600;cursor:pointer}
a{color:#4338ca}:focus-visible{outline:3px solid #4338ca;outline-offset:2px}`;

function page({ action, site, title, reason }: PageOptions, fields: string, form: string) {
  return `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${e(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${e(title)}</h1>
<p role="alert">${e(reason)}</p>
<form method="post" action="${e(action)}">
<input type="hidden" name="form" value="${form}">
${fields}
</form>
<p><a href="${e(site)}/">${e(contactRefused.back)}</a></p>
</main>
</body>
</html>
`;
}

/** The honeypot, hidden from people as on the site (bots fill it). */
function honeypot(name: string) {
  return `<div class="hp" aria-hidden="true"><label for="hp">${e(contact.form.honeypot)}</label>
<input id="hp" name="${e(name)}" type="text" tabindex="-1" autocomplete="off" value=""></div>`;
}

/**
 * The contact form again, with the visitor's values; the refused field (if any) says why, is marked
 * invalid and takes the focus.
 */
export function contactPage(
  options: PageOptions & {
    values: Record<ContactFieldName, string>;
    refused?: { field: ContactFieldName; rule: FieldRule };
    honeypotName: string;
  },
): string {
  const t = contact.form;
  const { values, refused } = options;
  const labels: Record<ContactFieldName, string> = {
    prenom: t.prenom,
    nom: t.nom,
    email: t.email,
    telephone: `${t.telephone} ${t.optional}`,
    service_souhaite: t.service,
    message: t.message,
  };
  const types: Partial<Record<ContactFieldName, [string, string]>> = {
    prenom: ['text', 'given-name'],
    nom: ['text', 'family-name'],
    email: ['email', 'email'],
    telephone: ['tel', 'tel'],
  };
  const fields = CONTACT_FIELDS.map((name) => {
    const wrong = refused?.field === name;
    const attrs =
      `id="${name}" name="${name}"${name === 'telephone' ? '' : ' required'}` +
      (wrong ? ` aria-invalid="true" aria-describedby="${name}-error" autofocus` : '');
    const error = wrong
      ? `<p id="${name}-error" class="error">${e(fieldMessage(name, refused.rule))}</p>`
      : '';
    const label = `<label for="${name}">${e(labels[name])}</label>`;
    if (name === 'service_souhaite') {
      const options = [`<option value="">${e(t.servicePlaceholder)}</option>`]
        .concat(
          SERVICES.map(
            (service) =>
              `<option${values[name] === service ? ' selected' : ''}>${e(service)}</option>`,
          ),
        )
        .join('');
      return `${label}<select ${attrs}>${options}</select>${error}`;
    }
    if (name === 'message')
      return `${label}<textarea ${attrs} rows="8" maxlength="${MAX_LENGTHS.message}">${e(values[name])}</textarea>${error}`;
    const [type, autocomplete] = types[name]!;
    return `${label}<input ${attrs} type="${type}" autocomplete="${autocomplete}" maxlength="${MAX_LENGTHS[name]}" value="${e(values[name])}">${error}`;
  }).join('\n');
  return page(
    options,
    `${fields}\n${honeypot(options.honeypotName)}\n<button type="submit">${e(t.submit)}</button>`,
    'contact',
  );
}

/** The newsletter box again, with the address the visitor typed. */
export function signupPage(
  options: PageOptions & {
    email: string;
    invalid: boolean;
    honeypotName: string;
    maxLength: number;
  },
): string {
  const t = newsletterRefused;
  const invalid = options.invalid
    ? ' aria-invalid="true" aria-describedby="email-error" autofocus'
    : '';
  const error = options.invalid
    ? `<p id="email-error" class="error">${e(newsletter.invalidEmail)}</p>`
    : '';
  return page(
    options,
    `<label for="email">${e(t.label)}</label>
<input id="email" name="email" type="email" required autocomplete="email" maxlength="${options.maxLength}" value="${e(options.email)}"${invalid}>${error}
${honeypot(options.honeypotName)}
<button type="submit">${e(t.submit)}</button>`,
    'newsletter',
  );
}

/**
 * A link's button again (the newsletter's confirmation, a lead's release), when it failed on our
 * side: the token is kept, so pressing it again retries.
 */
export function tokenErrorPage(
  options: Omit<PageOptions, 'title' | 'reason'> & { token: string },
  words: { title: string; submit: string; error: string },
  form: 'confirm' | 'release',
): string {
  return page(
    { ...options, title: words.title, reason: words.error },
    `<input type="hidden" name="token" value="${e(options.token)}">
<button type="submit">${e(words.submit)}</button>`,
    form,
  );
}

/**
 * The answer to a contact request stored but not mailed now (past the ceiling of unverified
 * leads): the visitor is told it waits for a manual check, never « envoyé ».
 */
export function heldPage(site: string): string {
  return `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${e(contact.heldTitle)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${e(contact.heldTitle)}</h1>
<p role="status">${e(contact.heldText)}</p>
<p><a href="${e(site)}/">${e(contactRefused.back)}</a></p>
</main>
</body>
</html>
`;
}
