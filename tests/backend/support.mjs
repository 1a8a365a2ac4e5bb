// Helpers shared by the backend test files.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { FunctionsClient } from '@supabase/functions-js';
import { PostgrestClient } from '@supabase/postgrest-js';
import { buildFormsClient } from '../../src/lib/contact/supabase-config.ts';
import pg from 'pg';
import { inject } from 'vitest';

/** What global-setup.mjs provides: urls, ports, keys, controlUrl. */
export function backend() {
  const info = inject('backend');
  if (!info) throw new Error('No local backend: run these tests with `npm run test:backend`.');
  return info;
}

/**
 * Stops or starts a part of the backend for real: 'mail/stop', 'mail/start', 'gateway/stop',
 * 'gateway/start'; or runs the contact sweep now ('sweep', rows of any age: `{ due, mailed }`), or
 * the retention job ('retention': the settings' periods written, then the counts); or restarts the
 * Edge Functions with extra environment ('functions/env', `body` the variables; `{}` restores it).
 * @param {string} action
 * @param {Record<string, string>} [body]
 */
export async function control(action, body) {
  const res = await fetch(`${backend().controlUrl}/${action}`, {
    method: 'POST',
    body: body && JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`control ${action} failed: ${res.status} ${await res.text()}`);
  return res.json();
}

/**
 * The site's own client (postgrest-js + functions-js, as src/lib/contact/supabase-config.ts builds it)
 * against the local gateway.
 * @param {string} [key] API key (default: the publishable key, as the site uses)
 */
export function supabaseClient(key = backend().keys.publishable) {
  return buildFormsClient(
    { PostgrestClient, FunctionsClient },
    { url: backend().urls.apiUrl, key },
  );
}

/** A pg client connected as the superuser `postgres`. Call `.end()` when done. */
export async function adminClient() {
  const client = new pg.Client({ connectionString: backend().urls.dbUrl });
  await client.connect();
  return client;
}

/**
 * A valid contact row as the form inserts it (a person took 12 s to fill it); `tag` makes it
 * findable in the inbox and the table.
 * @param {Record<string, unknown>} [overrides]
 */
export function validContact(overrides = {}) {
  const tag = randomUUID().slice(0, 8);
  return {
    id: randomUUID(),
    prenom: `Ada-${tag}`,
    nom: 'Lovelace',
    email: `ada.${tag}@example.com`,
    telephone: '+33 6 12 34 56 78',
    service_souhaite: 'Automatisation IA',
    message: `Bonjour, je voudrais automatiser mes devis. (${tag})`,
    fill_ms: 12_000,
    ...overrides,
  };
}

/** All e-mails caught by maildev (JSON API). */
export async function caughtMail() {
  const res = await fetch(`http://127.0.0.1:${backend().ports.inbox}/email`);
  if (!res.ok) throw new Error(`maildev answered ${res.status}`);
  return res.json();
}

/**
 * E-mails whose subject contains `needle`.
 * @param {string} needle
 */
export async function mailAbout(needle) {
  return (await caughtMail()).filter((mail) => mail.subject.includes(needle));
}

/**
 * Sets a rate limit of the test backend (private.rate_limits); global-setup raises the per-address
 * limit so that the suite's many requests from 127.0.0.1 pass.
 * @param {string} name e.g. 'contacts_per_address'
 * @param {number} maxCount
 */
export async function setRateLimit(name, maxCount) {
  const db = await adminClient();
  try {
    await db.query('update private.rate_limits set max_count = $2 where name = $1', [
      name,
      maxCount,
    ]);
  } finally {
    await db.end();
  }
}

/**
 * Sends `payload` to the gateway from a given loopback address (127.0.0.0/8 all reach 127.0.0.1 on
 * Linux), so rate limits per client address can be exercised for real.
 * @param {string} path e.g. '/rest/v1/contacts'
 * @param {string} payload the body (not sent with GET)
 * @param {{ from?: string, method?: string, headers?: Record<string,string> }} [options]
 * @returns {Promise<{ status: number, headers: import('node:http').IncomingHttpHeaders, text: string }>}
 */
export function requestFrom(path, payload, { from = '127.0.0.1', method = 'POST', headers = {} } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: backend().ports.api,
        localAddress: from,
        method,
        path,
        headers: { 'Content-Length': Buffer.byteLength(payload), ...headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      },
    );
    req.on('error', reject);
    req.end(method === 'GET' ? undefined : payload);
  });
}

/**
 * POSTs JSON to the gateway from a given loopback address, with the publishable key.
 * @param {string} path e.g. '/rest/v1/contacts'
 * @param {unknown} body
 * @param {{ from?: string, headers?: Record<string,string> }} [options]
 */
export function postFrom(path, body, { from = '127.0.0.1', headers = {} } = {}) {
  return requestFrom(path, JSON.stringify(body), {
    from,
    headers: { apikey: backend().keys.publishable, 'Content-Type': 'application/json', ...headers },
  });
}

/** The row of `id` as stored (superuser read), or undefined. */
export async function storedContact(id) {
  const db = await adminClient();
  try {
    return (await db.query('select * from public.contacts where id = $1', [id])).rows[0];
  } finally {
    await db.end();
  }
}

/**
 * Waits until maildev lists `count` e-mails about `needle` (SMTP delivery is asynchronous to the
 * listing); returns what it found.
 */
export async function waitForMail(needle, count = 1, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  let found = [];
  while (Date.now() < deadline) {
    found = await mailAbout(needle);
    if (found.length >= count) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  return found;
}

/**
 * Time passes until the sweep may call the mail provider again after an outage (it backs off:
 * private.mail_outage); its next run then probes with one row.
 */
export async function backoffElapsed() {
  const db = await adminClient();
  try {
    await db.query(
      `update private.mail_outage set retry_after = now() - interval '1 second' where retry_after is not null`,
    );
  } finally {
    await db.end();
  }
}
