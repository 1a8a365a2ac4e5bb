// Helpers of load-and-faults.test.mjs: simulated time, the real sweep, real leads sent by the site's
// own code or without JavaScript, and forged REST inserts from rotating client addresses.
import pg from 'pg';
import { submitContact } from '../../src/lib/contact/contact.ts';
import {
  $contactDraft,
  markDraftStored,
  restoreDraft,
  updateDraftField,
} from '../../src/stores/contact-draft.ts';
import { createSweep } from '../../local-backend/jobs.mjs';
import { backend, postFrom, requestFrom, supabaseClient, validContact } from './support.mjs';

/** The tables whose times make the pipeline's clock: rows, digests, outage, check alerts. */
const CLOCKED = [
  'public.contacts',
  'private.mail_digests',
  'private.mail_outage',
  'private.captcha_alerts',
];

/**
 * Time advances by `minutes` for the pipeline: every timestamptz column of its tables moves back
 * (nothing is waited). `now()` is then `minutes` later than every stored time.
 * @param {import('pg').Client} db
 */
export async function timeMachine(db) {
  const { rows } = await db.query(
    `select table_schema || '.' || table_name as t, string_agg(format('%1$I = %1$I - $1::interval',
            column_name), ', ') as sets
       from information_schema.columns
      where table_schema || '.' || table_name = any($1) and data_type = 'timestamp with time zone'
      group by 1`,
    [CLOCKED],
  );
  if (rows.length !== CLOCKED.length) throw new Error(`timeMachine: found ${rows.map((r) => r.t)}`);
  return async (minutes) => {
    for (const { t, sets } of rows)
      await db.query(`update ${t} set ${sets}`, [`${minutes} minutes`]);
  };
}

/**
 * The backend's own sweep (local-backend/jobs.mjs) as the timer runs it: rows 2 minutes old.
 * Returns `{ sweep, end }`; `sweep()` answers `{ due, mailed, digests }`.
 */
export function realSweep() {
  const adminPool = new pg.Pool({ connectionString: backend().urls.dbUrl, max: 2 });
  const log = (msg) => console.info(msg);
  const run = createSweep({ adminPool, functionsUrl: backend().urls.functionsUrl, log });
  return { sweep: () => run(), end: () => adminPool.end() };
}

/**
 * The site's contact form (src/lib/contact/contact.ts and its draft store), one visitor: `fill` a
 * lead, `send` it (with the widget's token or none), `edit` a field after a failed send.
 */
export function siteVisitor() {
  const items = new Map();
  const storage = {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
  };
  return {
    fill(fields) {
      restoreDraft('', storage);
      for (const [name, value] of Object.entries(fields)) updateDraftField(name, value, storage);
      return $contactDraft.get().id;
    },
    send: (captchaToken) =>
      submitContact(
        supabaseClient(),
        $contactDraft.get(),
        {
          now: $contactDraft.get().startedAt + 20_000,
          online: () => true,
          leadSource: {},
          captchaToken,
        },
        () => markDraftStored(storage),
      ),
    edit(name, value) {
      updateDraftField(name, value, storage);
      return $contactDraft.get().id;
    },
  };
}

/** A post of `fields` to form-post without JavaScript, as a browser navigates from `site`. */
export function postWithoutJs(fields, from, site) {
  return requestFrom(
    '/functions/v1/form-post',
    new URLSearchParams({ form: 'contact', ...fields, site_web: '' }).toString(),
    {
      from,
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Origin: site,
        'Sec-Fetch-Mode': 'navigate',
      },
    },
  );
}

/**
 * `count` forged rows inserted through the REST API as `anon`, no token and no function call,
 * `perAddress` from each loopback address of `net` (`127.<net>.x.y`: each address a client key of
 * its own, as each /64 of a rotating IPv6 sender). Returns their ids; throws on a refused insert.
 */
export async function forgeRows(count, net, tag, perAddress = 10) {
  const rows = Array.from({ length: count }, (_, i) =>
    validContact({ message: `Offre de référencement ${tag}-${i}, ${net}.` }),
  );
  let next = 0;
  const worker = async () => {
    while (next < rows.length) {
      const i = next++;
      const a = Math.floor(i / perAddress);
      const from = `127.${net}.${Math.floor(a / 250)}.${(a % 250) + 1}`;
      const res = await postFrom('/rest/v1/contacts', rows[i], { from });
      if (res.status !== 201)
        throw new Error(`forged insert ${i} from ${from}: ${res.status} ${res.text}`);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return rows.map((row) => row.id);
}
