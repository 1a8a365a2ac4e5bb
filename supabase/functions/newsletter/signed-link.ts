/**
 * Signed tokens for e-mail links (newsletter confirmation and unsubscribe): `<id>.<signature>`, the
 * signature an HMAC-SHA-256 of `<purpose>:<id>` with a server secret, so a link cannot be forged or
 * reused for another purpose. Web Crypto only: runs in Deno and Node alike.
 */

export type LinkPurpose = 'confirm' | 'unsubscribe';

const encoder = new TextEncoder();

function base64url(bytes: ArrayBuffer): string {
  let text = '';
  for (const byte of new Uint8Array(bytes)) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

async function signature(secret: string, purpose: LinkPurpose, id: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return base64url(await crypto.subtle.sign('HMAC', key, encoder.encode(`${purpose}:${id}`)));
}

/** The token of a link doing `purpose` for the row `id`. */
export async function signLink(secret: string, purpose: LinkPurpose, id: string): Promise<string> {
  return `${id}.${await signature(secret, purpose, id)}`;
}

/** The row id of a valid token for `purpose`, or null (forged, altered, other purpose). */
export async function verifyLink(
  secret: string,
  purpose: LinkPurpose,
  token: string | null,
): Promise<string | null> {
  const match = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/i.exec(token ?? '');
  if (!match) return null;
  const expected = await signature(secret, purpose, match[1]);
  let diff = 0;
  for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ match[2].charCodeAt(i);
  return diff === 0 ? match[1] : null;
}
