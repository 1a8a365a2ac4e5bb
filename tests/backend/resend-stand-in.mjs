// A stand-in for Resend's send endpoint (POST /emails; Resend cannot be reached from here), answering
// as the real one where the function depends on it: `Authorization: Bearer <key>` required (401
// otherwise), a JSON body, 200 `{ id }` when taken; 422 `validation_error` for a message it will
// never send (here: a reply-to address containing `refuse`); while `down`, 500 as during an outage.
import { randomUUID } from 'node:crypto';
import http from 'node:http';

/** Starts the stand-in on a free loopback port. */
export async function startResendStandIn() {
  /** @type {Array<{ status: number, idempotencyKey: string | null, subject: string, replyTo: string }>} */
  const calls = [];
  const state = { down: false };
  const answer = (res, status, body) =>
    res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));

  const server = http.createServer(async (req, res) => {
    let text = '';
    for await (const chunk of req) text += chunk;
    if (req.method !== 'POST' || req.url !== '/emails')
      return answer(res, 404, { name: 'not_found' });
    if (!req.headers.authorization?.startsWith('Bearer re_'))
      return answer(res, 401, { name: 'missing_api_key', message: 'Missing API key' });
    const body = JSON.parse(text);
    const call = {
      status: 200,
      idempotencyKey: /** @type {string | null} */ (req.headers['idempotency-key'] ?? null),
      subject: String(body.subject),
      replyTo: String(body.reply_to),
    };
    calls.push(call);
    if (state.down) {
      call.status = 500;
      return answer(res, 500, { name: 'internal_server_error', message: 'Unexpected error' });
    }
    if (call.replyTo.includes('refuse')) {
      call.status = 422;
      return answer(res, 422, { name: 'validation_error', message: 'Invalid `reply_to` field.' });
    }
    return answer(res, 200, { id: randomUUID() });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    /** What the functions' RESEND_API_URL must be. */
    url: `http://127.0.0.1:${port}/emails`,
    calls,
    /** Answers 500 (true) or normally (false). */
    setDown: (down) => void (state.down = down),
    stop: () =>
      new Promise((resolve) => {
        server.close(() => resolve(undefined));
        server.closeAllConnections();
      }),
  };
}
