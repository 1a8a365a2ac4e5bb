import type { ContactRequest } from '../_shared/validation.ts';

/** A refusal by the database, as PostgREST would report it (code, message, details). */
export interface DbRefusal {
  code: string;
  message: string;
  details?: string | null;
}

/** The request headers the visitor's browser sent, as the gateway delivered them to the function. */
export type RequestHeaders = Record<string, string>;

/** What the no-JavaScript form endpoint stores; injected so the handler can be tested alone. */
export interface FormPostStore {
  /**
   * Stores a contact request as the browser's insert would (role anon, so the same insert trigger:
   * one row, rate limits by client address and e-mail, honeypot, fill time), with the visitor's
   * request headers as PostgREST's `request.headers`. The same request from the same address again
   * within a day (a page sent twice) stores nothing and returns the first row's id.
   */
  saveContact(
    row: ContactRequest & { site_web: string; fill_ms: number | null; fill_vouched: boolean },
    headers: RequestHeaders,
  ): Promise<{ id: string } | { refusal: DbRefusal }>;
  /** A newsletter sign-up, the same way; the same address again within ten minutes is a no-op. */
  saveSignup(
    row: { email: string; site_web: string; fill_ms: number | null; fill_vouched: boolean },
    headers: RequestHeaders,
  ): Promise<{ ok: true } | { refusal: DbRefusal }>;
  /**
   * Releases the held or flagged lead a release link's token names (private.release_by_token, which
   * alone holds the key): what it did, and the lead's id when the token was genuine.
   */
  releaseByToken(token: string): Promise<{ outcome: ReleaseOutcome; id: string | null }>;
}

/** What a release link's button did (its page on the site: RELEASE_PAGES, ./release-post.ts). */
export type ReleaseOutcome = 'released' | 'already' | 'expired' | 'invalid';

/** How long a resent page counts as the same contact request / sign-up. */
const SAME_CONTACT = '1 day';
const SAME_SIGNUP = '10 minutes';

/** A transaction of postgres.js (`tx.unsafe`). */
type Tx = { unsafe: (text: string, values?: unknown[]) => Promise<unknown[]> };

/** The SQL client the store needs: postgres.js (`sql.begin`, `tx.unsafe`). */
export interface Sql {
  begin<T>(run: (tx: Tx) => Promise<T>): Promise<T>;
}

/** A database error as postgres.js throws it. */
function refusalOf(error: unknown): DbRefusal | null {
  const { code, message, detail } = (error ?? {}) as {
    code?: string;
    message?: string;
    detail?: string;
  };
  if (typeof code !== 'string' || typeof message !== 'string') return null;
  if (code === 'PGRST') {
    // private.raise_http: the message is PostgREST's error JSON ({ code, message, details }).
    try {
      const body = JSON.parse(message) as DbRefusal;
      return { code: body.code, message: body.message, details: body.details };
    } catch {
      return { code, message, details: detail };
    }
  }
  return { code, message, details: detail };
}

/**
 * Runs `insert` as the API's anonymous role with the visitor's headers, like PostgREST does for the
 * browser (the role and `request.headers` are local to the transaction).
 */
async function asVisitor(tx: Tx, headers: RequestHeaders, insert: () => Promise<unknown>) {
  await tx.unsafe(
    `select set_config('request.headers', $1, true), set_config('role', 'anon', true)`,
    [JSON.stringify(headers)],
  );
  await insert();
  await tx.unsafe('reset role');
}

/** The result of `save`, or the database's refusal (a database error of another kind is thrown). */
async function orRefusal<T>(save: () => Promise<T>): Promise<T | { refusal: DbRefusal }> {
  try {
    return await save();
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    return { refusal };
  }
}

/** One sender at a time per address, so a page sent twice at once is seen as one. */
async function lockAddress(tx: Tx, email: string) {
  await tx.unsafe(`select pg_advisory_xact_lock(hashtext('form-post:' || lower($1)))`, [email]);
}

type ContactRow = Parameters<FormPostStore['saveContact']>[0];
type SignupRow = Parameters<FormPostStore['saveSignup']>[0];

/** The id of the same contact request stored within SAME_CONTACT, if any. */
async function sameContact(tx: Tx, row: ContactRow): Promise<string | undefined> {
  const [same] = (await tx.unsafe(
    `select id from public.contacts
      where lower(email) = lower($1) and prenom = $2 and nom = $3
        and telephone is not distinct from $4 and service_souhaite = $5 and message = $6
        and created_at > now() - $7::interval
      order by created_at limit 1`,
    [
      row.email,
      row.prenom,
      row.nom,
      row.telephone,
      row.service_souhaite,
      row.message,
      SAME_CONTACT,
    ],
  )) as { id: string }[];
  return same?.id;
}

/** FormPostStore.saveContact, within its transaction. */
async function saveContact(tx: Tx, row: ContactRow, headers: RequestHeaders) {
  await lockAddress(tx, row.email);
  const same = await sameContact(tx, row);
  if (same) return { id: same };
  const id = crypto.randomUUID();
  await asVisitor(tx, headers, () =>
    tx.unsafe(
      `insert into public.contacts
         (id, prenom, nom, email, telephone, service_souhaite, message, site_web, fill_ms)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        id,
        row.prenom,
        row.nom,
        row.email,
        row.telephone,
        row.service_souhaite,
        row.message,
        row.site_web,
        row.fill_ms,
      ],
    ),
  );
  // A vouched fill time only passed the trigger's check: the row says it was not measured.
  if (row.fill_vouched)
    await tx.unsafe('update public.contacts set fill_ms = null where id = $1', [id]);
  return { id };
}

/** FormPostStore.saveSignup, within its transaction. */
async function saveSignup(tx: Tx, row: SignupRow, headers: RequestHeaders) {
  await lockAddress(tx, row.email);
  const [same] = await tx.unsafe(
    `select 1 from private.newsletter_requests
      where lower(email) = lower($1) and created_at > now() - $2::interval limit 1`,
    [row.email, SAME_SIGNUP],
  );
  if (same) return { ok: true as const };
  await asVisitor(tx, headers, () =>
    tx.unsafe(
      `insert into public.newsletter_subscriptions (email, site_web, fill_ms)
       values ($1, $2, $3)`,
      [row.email, row.site_web, row.fill_ms],
    ),
  );
  if (row.fill_vouched)
    await tx.unsafe(
      `update public.newsletter_subscriptions set fill_ms = null
        where lower(email) = lower($1) and created_at = now()`,
      [row.email],
    );
  return { ok: true as const };
}

/**
 * The store over postgres.js, connected as the database owner (SUPABASE_DB_URL).
 * @param sql the postgres.js client
 */
export function createFormPostStore(sql: Sql): FormPostStore {
  return {
    saveContact: (row, headers) =>
      orRefusal(() => sql.begin((tx) => saveContact(tx, row, headers))),
    saveSignup: (row, headers) => orRefusal(() => sql.begin((tx) => saveSignup(tx, row, headers))),
    releaseByToken: (token) =>
      sql.begin(async (tx) => {
        const [row] = (await tx.unsafe(
          'select outcome, contact_id from private.release_by_token($1)',
          [token],
        )) as { outcome: ReleaseOutcome; contact_id: string | null }[];
        return { outcome: row.outcome, id: row.contact_id };
      }),
  };
}
