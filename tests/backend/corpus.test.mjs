// One validation: the same corpus of tricky inputs through the browser rules (the module the form
// bundles), the real Edge Function (Deno, via the gateway) and the real database (insert as anon
// through the gateway). All three must give the same verdict for every case.
import { describe, expect, it } from 'vitest';
import {
  validateContact,
  validateLeadSource,
} from '../../supabase/functions/_shared/validation.ts';
import { backend, storedContact, validContact } from './support.mjs';

const long = (n, c = 'a') => c.repeat(n);

/** [label, change to a valid request, expected verdict]. */
export const CORPUS = [
  ['a valid request', {}, true],
  ['empty first name', { prenom: '' }, false],
  ['whitespace-only first name', { prenom: ' \t ' }, false],
  ['no-break-space-only first name', { prenom: '\u00a0\u00a0' }, false],
  ['zero-width-space-only last name', { nom: '\u200b\u200b' }, false],
  ['emoji-only first name', { prenom: '😀' }, false],
  ['accented and non-Latin names', { prenom: 'Zoë', nom: 'محمد' }, true],
  ['a right-to-left mark in a name', { nom: '\u200fمحمد' }, true],
  ['a bidi override in a name', { nom: '\u202eevil' }, false],
  ['a control character in a name', { prenom: 'Ada\u0007' }, false],
  ['CRLF in a name (header injection)', { prenom: 'Ada\r\nBcc: x@evil.io' }, false],
  ['U+2028 in a name', { nom: 'A\u2028B' }, false],
  ['a null byte in a name', { prenom: 'Ada\u0000' }, false],
  ['a lone surrogate in a name', { prenom: 'Ada\ud800' }, false],
  ['a 100-character name', { prenom: long(100) }, true],
  ['a 101-character name', { prenom: long(101) }, false],
  ['a number as the first name', { prenom: 42 }, false],
  ['an array as the first name', { prenom: ['Ada'] }, true],
  ['null as the first name', { prenom: null }, false],
  ['two addresses with a comma', { email: 'x,y@b.co' }, false],
  ['a display name with angle brackets', { email: 'Evil<x@evil.io>' }, false],
  ['a quoted display name', { email: 'Ada <ada@example.com>' }, false],
  ['U+2028 in an address', { email: 'ada\u2028@example.com' }, false],
  ['CRLF after an address', { email: 'ada@example.com\r\n' }, false],
  ['a domain without a dot', { email: 'camille@exemple' }, false],
  ['two @', { email: 'a@b@example.com' }, false],
  ['a space in an address', { email: 'ada lovelace@example.com' }, false],
  ['a non-ASCII address', { email: 'é@ü.fr' }, false],
  ['a plus address', { email: 'ada+site@mail.example.com' }, true],
  ['a 254-character address', { email: `${long(247, 'e')}@exa.fr` }, true],
  ['a 255-character address', { email: `${long(248, 'e')}@exa.fr` }, false],
  ['a number as the address', { email: 42 }, false],
  ['no phone number', { telephone: null }, true],
  ['an empty phone number', { telephone: '' }, true],
  ['a phone number with dots and brackets', { telephone: '+33 (0)6.12.34.56.78' }, true],
  ['a phone number with no-break spaces', { telephone: '06\u00a012\u00a034' }, true],
  ['letters in the phone number', { telephone: 'appelez-moi' }, false],
  ['CRLF in the phone number', { telephone: '06\r\nBcc: x' }, false],
  ['a 30-character phone number', { telephone: long(30, '0') }, true],
  ['a 31-character phone number', { telephone: long(31, '0') }, false],
  ['a number as the phone number', { telephone: 612345678 }, true],
  ['an array as the phone number', { telephone: ['06'] }, false],
  ['an unknown service', { service_souhaite: 'Plomberie' }, false],
  ['a service in the wrong case', { service_souhaite: 'automatisation ia' }, false],
  ['a number as the service', { service_souhaite: 3 }, false],
  ['an empty message', { message: '' }, false],
  ['a whitespace-only message', { message: ' \r\n\t ' }, false],
  ['a no-break-space-only message', { message: '\u00a0\u202f' }, false],
  ['a zero-width-only message', { message: '\u200b\u200d\ufeff' }, false],
  ['an emoji message', { message: '👋🏽 Bonjour 👨‍👩‍👧' }, true],
  ['an RTL message with marks', { message: '\u200fمرحبا، أريد موقعا' }, true],
  ['a multi-line message (CRLF)', { message: 'Ligne 1\r\nLigne 2' }, true],
  ['a bidi override in the message', { message: 'abc\u202edcba' }, false],
  ['a control character in the message', { message: 'abc\u0001' }, false],
  ['a null byte in the message', { message: 'abc\u0000def' }, false],
  ['a lone surrogate in the message', { message: 'abc\udc00' }, false],
  ['a 5000-character message', { message: long(5000, 'é') }, true],
  ['a 5001-character message', { message: long(5001) }, false],
  ['a number as the message', { message: 42 }, true],
  ['an array as the message', { message: ['Bonjour'] }, true],
  // Where the lead came from (optional; the browser drops what breaks these rules before sending).
  [
    'a page and campaign fields',
    { page: '/blog/seo', utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'été 2026' },
    true,
  ],
  ['the home page', { page: '/' }, true],
  ['a page with a query-like path', { page: '/contact%20nous?x=1' }, true],
  ['a 300-character page', { page: `/${long(299)}` }, true],
  ['a 301-character page', { page: `/${long(300)}` }, false],
  ['a full URL as the page', { page: 'https://evil.example/' }, false],
  ['a protocol-relative page', { page: '//evil.example' }, false],
  ['a space in the page', { page: '/a b' }, false],
  ['a non-ASCII page', { page: '/é' }, false],
  ['CRLF in the page', { page: '/a\r\nBcc: x' }, false],
  ['a 100-character campaign', { utm_campaign: long(100, 'é') }, true],
  ['a 101-character campaign', { utm_campaign: long(101) }, false],
  ['CRLF in the source', { utm_source: 'news\r\nBcc: x' }, false],
  ['a bidi override in the medium', { utm_medium: '\u202eliam' }, false],
  ['a zero-width space in the campaign', { utm_campaign: 'a\u200bb' }, false],
  ['a number as the source', { utm_source: 42 }, true],
];

/** The request of a corpus case (a fresh id and address each time). */
function requestOf(change) {
  const request = validContact(change);
  for (const [key, value] of Object.entries(change)) if (value === undefined) delete request[key];
  return request;
}

const headers = () => ({ apikey: backend().keys.publishable, 'Content-Type': 'application/json' });

describe('one validation, three layers', () => {
  it.each(CORPUS)(
    '%s: same verdict in the browser, the function and the database',
    async (_label, change, expected) => {
      const { fill_ms, ...six } = requestOf(change);

      const browser = validateContact(six).ok && validateLeadSource(six).ok;

      // The function: the id names no row, so a valid body gets 404 and an invalid one 422 (no mail).
      const fn = await fetch(`${backend().urls.functionsUrl}/send-contact-email`, {
        method: 'POST',
        headers: headers(),
        body: JSON.stringify(six),
      });
      expect([404, 422]).toContain(fn.status);
      const functionVerdict = fn.status === 404;

      const db = await fetch(`${backend().urls.restUrl}/contacts`, {
        method: 'POST',
        headers: headers(),
        body: JSON.stringify({ ...six, fill_ms }),
      });
      const databaseVerdict = db.status === 201;
      if (!databaseVerdict) expect(db.status).toBe(400);
      expect(Boolean(await storedContact(six.id))).toBe(databaseVerdict);

      expect({ browser, function: functionVerdict, database: databaseVerdict }).toEqual({
        browser: expected,
        function: expected,
        database: expected,
      });
    },
  );
});
