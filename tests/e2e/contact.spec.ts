import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { gzipSync } from 'node:zlib';
import { expect, test, type Page, type Response } from '@playwright/test';
import { TEST_BOOKING_URL, TEST_SUPABASE_URL } from './ports';
import { builtPages } from '../build/site';
import { animationsSettled } from './helpers';
import { inlineScriptHashes } from '../../src/integrations/security-headers';
import { DRAFT_STORAGE_KEY } from '../../src/stores/contact-draft';
import {
  caughtMail,
  contactRows,
  dbQuery,
  mailMentioning,
  setRateLimit,
  startTestBackend,
  type Backend,
} from './support/backend';

// The contact form against the REAL local backend (PostgreSQL + gateway + Deno function + maildev):
// no mocks. One test drops the function's answer on its way back (page.route, after the real call
// went through) to play a lost response. One backend for the file, so the tests run in order. Every
// end-to-end test that needs the backend belongs in this file: its ports are fixed, and a second file
// would start a second backend in the other worker while this one runs (it waits 90 s, then fails;
// tests/unit/e2e-backend.test.ts keeps it so).
test.describe.configure({ mode: 'serial' });

let backend: (Backend & { cleanup: () => Promise<void> }) | undefined;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  backend = await startTestBackend();
});

test.afterAll(async () => {
  test.setTimeout(60_000);
  await backend?.cleanup();
});

const SUCCESS = {
  title: 'Message envoyé\u00a0!',
  text: 'Merci\u00a0! Votre message a bien été envoyé. Nous vous répondrons dans les plus brefs délais.',
};
const ERROR = { title: 'Erreur', text: 'Une erreur est survenue. Veuillez réessayer.' };

/** A complete request; `tag` makes its row and e-mail findable. */
function request(overrides: Partial<Record<string, string>> = {}) {
  const tag = randomUUID().slice(0, 8);
  return {
    prenom: `Ada ${tag}`,
    nom: 'Lovelace',
    email: `ada.${tag}@example.com`,
    telephone: '+33 6 12 34 56 78',
    service_souhaite: 'Support & Maintenance',
    message: `Bonjour, je voudrais automatiser mes devis <b>vite</b> (${tag}).`,
    ...overrides,
  };
}
type Request = ReturnType<typeof request>;

const form = (page: Page) => page.locator('form[aria-label="Formulaire de contact"]');
const field = (page: Page, name: string) => form(page).locator(`[name="${name}"]`);
const submit = (page: Page) => form(page).locator('button[type="submit"]');

/** Opens /contact with an empty draft and a hydrated form. */
async function openForm(page: Page) {
  await page.goto('/contact');
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await form(page).scrollIntoViewIfNeeded();
  // Hydrated once React has restored the draft (the honeypot exists in the server HTML too, so
  // wait for the store: the draft id is written on the first keystroke).
  await expect(submit(page)).toBeEnabled();
  await page.waitForFunction(
    () => document.querySelector('astro-island[component-url*="ContactForm"]:not([ssr])') !== null,
  );
}

/**
 * Waits for a person's pace: the server flags a request filled in under 3 s as spam (never mailed),
 * timed by the page from the draft's first input. So wait on the page's clock from that input, not
 * on the test's clock from before it (under load the first input lands late, and a request timed
 * from the test's clock was flagged).
 */
async function waitPastFillTime(page: Page) {
  await page.waitForFunction((key) => {
    const draft = JSON.parse(localStorage.getItem(key) ?? 'null');
    return draft?.startedAt > 0 && Date.now() - draft.startedAt > 3_300;
  }, DRAFT_STORAGE_KEY);
}

/** The contact draft the page keeps in localStorage, parsed (null when there is none). */
function storedDraft(page: Page) {
  return page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null'), DRAFT_STORAGE_KEY);
}

/** Fills the form like a person would, at a person's pace. */
async function fill(page: Page, values: Request) {
  for (const [name, value] of Object.entries(values)) {
    if (name === 'service_souhaite') await field(page, name).selectOption(value);
    else await field(page, name).fill(value);
  }
  await waitPastFillTime(page);
}

async function expectFields(page: Page, values: Request) {
  for (const [name, value] of Object.entries(values))
    await expect(field(page, name)).toHaveValue(value);
}

/** The page's notices (the form repeats its result beside its button, see below). */
const notices = (page: Page) => page.locator('#toasts');

async function expectToast(page: Page, kind: typeof SUCCESS) {
  const role = kind === ERROR ? 'alert' : 'status';
  const notice = notices(page).getByRole(role).filter({ hasText: kind.title });
  await expect(notice).toBeVisible({ timeout: 20_000 });
  await expect(notice).toContainText(kind.text);
}

/** Collects the browser's Content-Security-Policy violations (reported as console errors). */
/** The request is one row in the database and, once the function has run, one e-mail in the catcher. */
async function expectStoredAndMailedOnce(email: string) {
  expect(await contactRows(email)).toHaveLength(1);
  await expect.poll(async () => (await mailMentioning(email)).length, { timeout: 15_000 }).toBe(1);
}

function cspViolations(page: Page) {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content.Security.Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

test('a filled form is stored, e-mailed, confirmed, and the fields are cleared', async ({
  page,
}) => {
  const values = request();
  const violations = cspViolations(page);
  await openForm(page);
  await fill(page, values);
  await submit(page).click();
  await expect(submit(page)).toHaveText('Envoi en cours...');
  await expect(submit(page)).toBeDisabled();
  await expectToast(page, SUCCESS);
  for (const name of Object.keys(values)) await expect(field(page, name)).toHaveValue('');
  await expect(submit(page)).toBeEnabled();

  const rows = await contactRows(values.email);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject(values);

  await expect
    .poll(async () => (await mailMentioning(values.email)).length, { timeout: 15_000 })
    .toBe(1);
  const [mail] = await mailMentioning(values.email);
  for (const value of Object.values(values)) expect(mail.text).toContain(value);
  expect(mail.html).toContain('&lt;b&gt;vite&lt;/b&gt;');
  expect(await storedDraft(page)).toBeNull();
  expect(violations).toEqual([]);
});

test('a name of no-break spaces is refused on the spot: the field says why, has the focus, every value is kept', async ({
  page,
}) => {
  const values = request({ prenom: '\u00a0\u00a0' });
  await openForm(page);
  await fill(page, values);
  await submit(page).click();
  const prenom = field(page, 'prenom');
  await expect(prenom).toBeFocused();
  await expect(prenom).toHaveAttribute('aria-invalid', 'true');
  await expect(prenom).toHaveAccessibleDescription('Indiquez votre prénom.');
  await expectFields(page, values);
  await expect(submit(page)).toBeEnabled();
  expect(await contactRows(values.email)).toHaveLength(0);
});

test('the rate limit shows the French message with when to retry and the phone number, keeping the fields', async ({
  page,
}) => {
  const values = request();
  await openForm(page);
  await fill(page, values);
  const [{ n }] = await dbQuery<{ n: number }>(
    `select count(*)::int as n from public.contacts where client_address = '127.0.0.1'`,
  );
  await setRateLimit('contacts_per_address', Math.max(n, 1));
  try {
    await submit(page).click();
    await expectToast(page, ERROR);
    const phone = (await page.locator('footer a[href^="tel:"]').first().textContent())!.trim();
    await expect(form(page).getByRole('alert')).toHaveText(
      new RegExp(
        `^Trop de demandes ont été envoyées depuis votre connexion\\. Réessayez dans .+ ou appelez-nous au ${phone}\\.$`,
      ),
    );
    await expectFields(page, values);
  } finally {
    await setRateLimit('contacts_per_address', 100_000);
  }
  expect(await contactRows(values.email)).toHaveLength(0);
});

test('a lost function response and a retry in the browser give 1 row and 1 e-mail', async ({
  page,
}) => {
  const values = request();
  await openForm(page);
  await fill(page, values);
  // The function runs for real (the e-mail is sent), but its answer never reaches the browser.
  await page.route(
    '**/functions/v1/send-contact-email',
    async (route) => {
      await route.fetch();
      await route.abort('connectionreset');
    },
    { times: 1 },
  );
  await submit(page).click();
  await expectToast(page, ERROR);
  await expectFields(page, values);
  await expect
    .poll(async () => (await mailMentioning(values.email)).length, { timeout: 15_000 })
    .toBe(1);
  await submit(page).click();
  await expectToast(page, SUCCESS);
  expect(await contactRows(values.email)).toHaveLength(1);
  await page.waitForTimeout(500);
  expect(await mailMentioning(values.email)).toHaveLength(1);
});

test('offline at submit: the notice says it will be sent, and it is, once, when the network returns', async ({
  page,
  context,
}) => {
  const values = request();
  await openForm(page);
  await fill(page, values);
  await context.setOffline(true);
  try {
    await submit(page).click();
    await expectToast(page, ERROR);
    await expect(form(page).getByRole('alert')).toHaveText(
      'Vous êtes hors ligne\u00a0: votre message sera envoyé automatiquement dès le retour de la connexion.',
    );
    await expectFields(page, values);
    expect(await contactRows(values.email)).toHaveLength(0);
  } finally {
    await context.setOffline(false);
  }
  await expectToast(page, SUCCESS);
  await expectStoredAndMailedOnce(values.email);
});

test('after focusing the form: no supabase-js auth code, at most React + 12 KB gzip of JavaScript; it still stores and e-mails', async ({
  page,
}) => {
  await openForm(page);
  await page.waitForLoadState('networkidle');
  // What the first focus loads: the form's own code, the Toaster's and its two Supabase clients.
  // The listener only collects (a body read in it could outlive the test); the bodies are read while
  // waiting for the state the warm-up ends in: both Supabase clients' code and the Toaster's arrived
  // (the clients' module is imported by the form's client module, so they come last).
  const responses: Response[] = [];
  const collect = (response: Response) => {
    if (response.request().resourceType() === 'script' && response.ok()) responses.push(response);
  };
  page.on('response', collect);
  await field(page, 'prenom').focus();
  let scripts: { url: string; body: Buffer }[] = [];
  await expect
    .poll(async () => {
      scripts = await Promise.all(
        responses.map(async (response) => ({ url: response.url(), body: await response.body() })),
      );
      const code = scripts.map((script) => script.body.toString('utf8')).join('\n');
      return {
        clients: ['PostgrestClient', 'FunctionsClient'].every((name) => code.includes(name)),
        toaster: scripts.some((script) => /\/_astro\/Toaster\./.test(script.url)),
      };
    })
    .toEqual({ clients: true, toaster: true });
  page.off('response', collect);
  const code = scripts.map((script) => script.body.toString('utf8')).join('\n');
  expect(code).not.toMatch(/GoTrueClient|supabase-js|RealtimeClient|StorageClient/);
  // React (react, react-dom, the JSX runtime and Astro's React renderer) is shared by every island,
  // told by its code rather than its chunk's name; everything else counts against 12 KB.
  const isReact = (body: string) =>
    /react\.transitional\.element|__CLIENT_INTERNALS_DO_NOT_USE|astro-static-slot/.test(body);
  const rest = scripts.filter((script) => !isReact(script.body.toString('utf8')));
  const restGzip = rest.reduce((sum, script) => sum + gzipSync(script.body).length, 0);
  expect(restGzip, rest.map((script) => script.url).join(', ')).toBeLessThanOrEqual(12 * 1024);

  const values = request();
  await fill(page, values);
  await submit(page).click();
  await expectToast(page, SUCCESS);
  await expectStoredAndMailedOnce(values.email);
});

test('a function failure keeps the fields; the retry sends the e-mail and leaves exactly one row', async ({
  page,
}) => {
  const values = request();
  await openForm(page);
  await fill(page, values);
  await backend!.mail.stop();
  try {
    await submit(page).click();
    await expectToast(page, ERROR);
    await expectFields(page, values);
    await expect(submit(page)).toBeEnabled();
    expect(await contactRows(values.email)).toHaveLength(1);
  } finally {
    await backend!.mail.start();
  }
  await submit(page).click();
  await expectToast(page, SUCCESS);
  await expectStoredAndMailedOnce(values.email);
});

test('a backend that is down shows the error notice and keeps the fields', async ({ page }) => {
  const values = request();
  await openForm(page);
  await fill(page, values);
  await backend!.gateway.stop();
  try {
    await submit(page).click();
    await expectToast(page, ERROR);
    await expectFields(page, values);
    await expect(submit(page)).toBeEnabled();
  } finally {
    await backend!.gateway.start();
  }
  expect(await contactRows(values.email)).toHaveLength(0);
  // Once the backend is back, the kept draft goes through.
  await submit(page).click();
  await expectToast(page, SUCCESS);
  expect(await contactRows(values.email)).toHaveLength(1);
});

test('keyboard: the result stays beside the button with the focus; the notice stays while hovered or focused and closes on Escape', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const values = request();
  await openForm(page);
  await fill(page, values);
  await submit(page).focus();
  await page.keyboard.press('Enter');
  const result = form(page).getByRole('status');
  await expect(result).toContainText(SUCCESS.title, { timeout: 20_000 });
  await expect(result).toContainText(SUCCESS.text);
  await expect(result).toBeFocused();

  // Past the notice's 6 s while the pointer rests on it, then while the focus is on it: it stays.
  const notice = notices(page).getByRole('status').filter({ hasText: SUCCESS.title });
  await notice.hover();
  await page.waitForTimeout(6_500);
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: 'Fermer la notification' }).focus();
  await page.mouse.move(5, 5);
  await page.waitForTimeout(6_500);
  await expect(notice).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(notice).toHaveCount(0);
  // The focus goes back where it was, the result is still on the page.
  await expect(result).toBeFocused();
  await expect(result).toContainText(SUCCESS.title);
  expect(await contactRows(values.email)).toHaveLength(1);
});

test('a double click sends once', async ({ page }) => {
  const values = request();
  await openForm(page);
  await fill(page, values);
  await submit(page).dblclick();
  await expectToast(page, SUCCESS);
  await expect(notices(page).getByRole('status').filter({ hasText: SUCCESS.title })).toHaveCount(1);
  await expectStoredAndMailedOnce(values.email);
});

test('the draft (fields and row id) survives a reload until it is sent', async ({ page }) => {
  const values = request({ telephone: '' });
  await openForm(page);
  await fill(page, values);
  const before = await storedDraft(page);
  expect(before.fields).toMatchObject(values);
  await page.reload();
  await form(page).scrollIntoViewIfNeeded();
  await expectFields(page, values);
  const after = await storedDraft(page);
  expect(after.id).toBe(before.id);
  await submit(page).click();
  await expectToast(page, SUCCESS);
  const rows = await contactRows(values.email);
  expect(rows.map((row) => row.id)).toEqual([before.id]);
  expect(rows[0].telephone).toBeNull();
});

test('the quote page preselects the service from the address', async ({ page }) => {
  await page.goto('/devis-personnalise?service=automatisation-ia');
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await form(page).scrollIntoViewIfNeeded();
  await expect(field(page, 'service_souhaite')).toHaveValue('Automatisation IA');
});

// Where a lead came from: the visitor lands on one page with campaign fields, browses on, and sends
// the form from /contact; the row and the e-mail carry the page and the campaign. No cookie is set.
test('the campaign of the landing page reaches the row and the e-mail of a form sent from /contact', async ({
  page,
}) => {
  await page.goto('/blog?utm_source=newsletter&utm_medium=email&utm_campaign=automne-2026');
  await page.goto('/faq');
  await openForm(page); // clears the draft (localStorage), not the visit's campaign (sessionStorage)
  const values = request({ service_souhaite: 'Création de Site Web' });
  await fill(page, values);
  await submit(page).click();
  await expectToast(page, SUCCESS);

  const [row] = await contactRows(values.email);
  expect(row).toMatchObject({
    page: '/contact',
    utm_source: 'newsletter',
    utm_medium: 'email',
    utm_campaign: 'automne-2026',
    spam_reason: null,
  });
  await expectStoredAndMailedOnce(values.email);
  const [mail] = await mailMentioning(values.email);
  expect(mail.text).toContain('Page\u00a0: /contact');
  expect(mail.text).toContain('Campagne (utm_campaign)\u00a0: automne-2026');
  expect(await page.context().cookies()).toEqual([]);
});

// ── The first tap (with or without JavaScript) ──────────────────────────────────────────────────

/** A slow phone: 150 ms round trip, 1.6 Mbps, CPU four times slower (Chromium's CDP). */
async function throttle(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: 1_600_000 / 8,
    uploadThroughput: 750_000 / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

/**
 * Holds an island's component script until `release()`: the page is usable, the island not yet
 * hydrated, for as long as the test types. `requested` resolves when the browser asked for it.
 */
async function holdIsland(page: Page, component: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let requested!: () => void;
  const asked = new Promise<void>((resolve) => (requested = resolve));
  await page.route(new RegExp(`/_astro/${component}\\.[^/]+\\.js$`), async (route) => {
    requested();
    await released;
    await route.continue();
  });
  return { release, requested: asked };
}

const island = (page: Page, component: string, hydrated: boolean) =>
  page.locator(`astro-island[component-url*="${component}"]${hydrated ? ':not([ssr])' : '[ssr]'}`);

/** Every request URL the page makes (to check that no field value ever travels in one). */
function requestUrls(page: Page) {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  return urls;
}
function expectNoValueIn(urls: string[], values: Record<string, string>) {
  for (const value of Object.values(values).filter(Boolean)) {
    const forms = [
      value,
      encodeURIComponent(value),
      new URLSearchParams({ v: value }).toString().slice(2),
    ];
    const leaks = urls.filter((url) => forms.some((form) => url.includes(form)));
    expect(leaks, `a request URL carries "${value}"`).toEqual([]);
  }
}

/** Types like a person, field by field (keystrokes, a real choice in the select). */
async function typeInto(page: Page, values: Request) {
  for (const [name, value] of Object.entries(values)) {
    if (name === 'service_souhaite') await field(page, name).selectOption(value);
    else {
      await field(page, name).click();
      await field(page, name).pressSequentially(value);
    }
  }
}

test('throttled: what is typed before the form hydrates is kept, saved in the draft, timed from the first tap, and sent once', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const values = request({ message: 'Bonjour, un site pour mon cabinet.' });
  await page.goto('/contact');
  await page.evaluate(() => localStorage.clear());
  await throttle(page);
  const hold = await holdIsland(page, 'ContactForm');
  await page.reload({ waitUntil: 'domcontentloaded' });
  await form(page).scrollIntoViewIfNeeded();
  await hold.requested;
  const before = await page.evaluate(() => Date.now());
  await typeInto(page, values);
  const typed = await page.evaluate(() => Date.now());
  await expect(island(page, 'ContactForm', false)).toHaveCount(1); // still not hydrated

  hold.release();
  await expect(island(page, 'ContactForm', true)).toHaveCount(1);
  await expectFields(page, values);
  const draft = await storedDraft(page);
  expect(draft.fields).toMatchObject(values);
  expect(draft.startedAt).toBeGreaterThanOrEqual(before - 50);
  expect(draft.startedAt).toBeLessThanOrEqual(typed);

  await waitPastFillTime(page);
  await submit(page).click();
  await expectToast(page, SUCCESS);
  const rows = await contactRows(values.email);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ ...values, spam_reason: null });
  expect(Number(rows[0].fill_ms)).toBeGreaterThanOrEqual(3_000);
  await expectStoredAndMailedOnce(values.email);
});

test('a tap on « Envoyer » while the island loads is sent by the form endpoint: one row, one e-mail, the confirmation page', async ({
  page,
}) => {
  const values = request();
  const urls = requestUrls(page);
  await page.goto('/contact');
  await page.evaluate(() => localStorage.clear());
  const hold = await holdIsland(page, 'ContactForm');
  await page.reload({ waitUntil: 'domcontentloaded' });
  await form(page).scrollIntoViewIfNeeded();
  await hold.requested;
  await typeInto(page, values);
  await expect(island(page, 'ContactForm', false)).toHaveCount(1);
  await submit(page).click();
  await expect(page).toHaveURL(/\/contact\/message-envoye$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(SUCCESS.title);
  await expect(page.getByText(SUCCESS.text)).toBeVisible();
  hold.release();
  const rows = await contactRows(values.email);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ ...values, spam_reason: null, fill_ms: null });
  await expectStoredAndMailedOnce(values.email);
  expectNoValueIn(urls, values);
});

test('throttled: an address typed in the newsletter box before it hydrates is kept and signed up', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = `early.${randomUUID().slice(0, 8)}@example.com`;
  await throttle(page);
  const hold = await holdIsland(page, 'NewsletterForm');
  await page.goto('/blog', { waitUntil: 'domcontentloaded' });
  const box = page.locator('#newsletter-form-slot');
  await box.scrollIntoViewIfNeeded();
  await hold.requested;
  await box.getByRole('textbox').click();
  await box.getByRole('textbox').pressSequentially(email);
  await expect(island(page, 'NewsletterForm', false)).toHaveCount(1);
  hold.release();
  await expect(island(page, 'NewsletterForm', true)).toHaveCount(1);
  await expect(box.getByRole('textbox')).toHaveValue(email);
  await page.waitForTimeout(2_300); // a person's pace (the box's minimum is 2 s from the first input)
  await box.getByRole('button').click();
  await expect(box.getByRole('status')).toContainText('Vérifiez votre boîte mail', {
    timeout: 20_000,
  });
  const rows = await dbQuery<{ spam_reason: string | null }>(
    'select spam_reason from public.newsletter_subscriptions where email = $1',
    [email],
  );
  expect(rows).toEqual([{ spam_reason: null }]);
  await expect
    .poll(async () => (await caughtMail()).filter((mail) => mail.to[0]?.address === email).length, {
      timeout: 15_000,
    })
    .toBe(1);
});

test('the refusal page and both confirmation pages have no axe-core violation (WCAG 2.2 AA)', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const axe = async (where: string) => {
    // The hero's entrance (a fade) must be over: mid-way, axe reads blended colours.
    await animationsSettled(page);
    const { violations } = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    expect(violations.map((v) => `${where} ${v.id}: ${v.help}`)).toEqual([]);
  };
  for (const route of ['/contact/message-envoye', '/newsletter/inscription']) {
    await page.goto(route);
    await axe(route);
  }
  // The refusal page is the function's answer to a POST: fetched as the browser would post it.
  const refused = await page.request.post(`${TEST_SUPABASE_URL}/functions/v1/form-post`, {
    form: { form: 'contact', ...request({ email: 'ada@exemple' }), site_web: '' },
    headers: { Origin: new URL(page.url()).origin },
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(422);
  await page.setContent(await refused.text());
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Votre message n’est pas encore envoyé',
  );
  await axe('refusal page');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the contact form posts (never GET): one row, one e-mail, the French confirmation; no field in any URL; sent again, it mails once', async ({
    page,
  }) => {
    const values = request();
    const urls = requestUrls(page);
    const posts: string[] = [];
    page.on(
      'request',
      (r) => r.url().includes('/functions/v1/form-post') && posts.push(r.method()),
    );
    await page.goto('/contact');
    await expect(form(page)).toHaveAttribute('method', 'post');
    await typeInto(page, values);
    await submit(page).click();
    await expect(page).toHaveURL(/\/contact\/message-envoye$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(SUCCESS.title);
    await expect(page.getByText(SUCCESS.text)).toBeVisible();
    await expectStoredAndMailedOnce(values.email);

    // The same page sent again (back, then « Envoyer » once more): still one row, one e-mail.
    await page.goBack();
    await expectFields(page, values);
    await submit(page).click();
    await expect(page).toHaveURL(/\/contact\/message-envoye$/);
    expect(posts).toEqual(['POST', 'POST']);
    expect(await contactRows(values.email)).toHaveLength(1);
    await expect
      .poll(async () => (await mailMentioning(values.email)).length, { timeout: 5_000 })
      .toBe(1);
    expectNoValueIn(urls, values);
  });

  test('a refused request gets a French page that says what to fix and keeps every value; corrected, it goes through', async ({
    page,
  }) => {
    // Valid for the browser (no dot needed), refused by the site's rule (a dotted domain).
    const values = request({ email: `ada.${randomUUID().slice(0, 8)}@exemple` });
    await page.goto('/contact');
    await typeInto(page, values);
    await submit(page).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Votre message n’est pas encore envoyé',
    );
    await expect(page.getByRole('alert')).toContainText('Corrigez le champ signalé');
    const email = page.locator('[name="email"]');
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription(/une seule adresse e-mail/);
    await expect(email).toBeFocused();
    for (const [name, value] of Object.entries(values))
      await expect(page.locator(`[name="${name}"]`)).toHaveValue(value);
    await expect(page.getByLabel('Téléphone (facultatif)')).toHaveValue(values.telephone);
    expect(await contactRows(values.email)).toHaveLength(0);

    const fixed = `${values.email}.fr`;
    await email.fill(fixed);
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    await expect(page).toHaveURL(/\/contact\/message-envoye$/);
    await expectStoredAndMailedOnce(fixed);
  });

  test('the newsletter box posts too: double opt-in mail once, even sent twice; a refused address is kept', async ({
    page,
  }) => {
    const email = `nojs.${randomUUID().slice(0, 8)}@example.com`;
    const urls = requestUrls(page);
    const mails = async () => (await caughtMail()).filter((mail) => mail.to[0]?.address === email);
    await page.goto('/blog');
    const box = page.locator('#newsletter-form-slot');
    await box.getByRole('textbox').fill(email);
    await box.getByRole('button').click();
    await expect(page).toHaveURL(/\/newsletter\/inscription$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vérifiez votre boîte mail');
    await expect.poll(async () => (await mails()).length, { timeout: 15_000 }).toBe(1);

    // The same page sent again: still one subscription, one confirmation e-mail.
    await page.goBack();
    await expect(box.getByRole('textbox')).toHaveValue(email);
    await box.getByRole('button').click();
    await expect(page).toHaveURL(/\/newsletter\/inscription$/);
    expect(
      await dbQuery('select 1 from public.newsletter_subscriptions where email = $1', [email]),
    ).toHaveLength(1);
    await expect.poll(async () => (await mails()).length, { timeout: 5_000 }).toBe(1);

    // An address the site refuses: a French page with it, to correct.
    const wrong = `${email.split('@')[0]}@exemple`;
    await page.goto('/blog');
    await box.getByRole('textbox').fill(wrong);
    await box.getByRole('button').click();
    await expect(page.getByRole('alert')).toHaveText(/une seule adresse e-mail/);
    await expect(page.getByRole('textbox')).toHaveValue(wrong);
    await expect(page.getByRole('textbox')).toBeFocused();
    await expect(page.getByRole('textbox')).toHaveAttribute('aria-invalid', 'true');
    expectNoValueIn(urls, { email });
  });
});

test('newsletter: double opt-in by e-mail, the confirm and unsubscribe links work, a repeat sign-up looks the same', async ({
  page,
}) => {
  const email = `news.${randomUUID().slice(0, 8)}@example.com`;
  const rows = () =>
    dbQuery<{ confirmed_at: Date | null; unsubscribed_at: Date | null }>(
      'select confirmed_at, unsubscribed_at from public.newsletter_subscriptions where email = $1',
      [email],
    );
  const mails = async () => (await caughtMail()).filter((mail) => mail.to[0]?.address === email);
  const violations = cspViolations(page);
  const signUp = async () => {
    await page.goto('/blog');
    const box = page.locator('#newsletter-form-slot');
    await box.scrollIntoViewIfNeeded();
    await page.waitForFunction(
      () =>
        document.querySelector('astro-island[component-url*="NewsletterForm"]:not([ssr])') !== null,
    );
    const input = box.getByRole('textbox');
    await input.fill(email);
    await page.waitForTimeout(2_300); // a person types; the server flags instant sign-ups
    await box.getByRole('button').click();
    const pending =
      'Si cette adresse n’est pas encore inscrite, vous allez recevoir un e-mail avec un lien pour confirmer votre inscription.';
    const notice = notices(page)
      .getByRole('status')
      .filter({ hasText: 'Vérifiez votre boîte mail' });
    await expect(notice).toBeVisible({ timeout: 20_000 });
    await expect(notice).toContainText(pending);
    await expect(input).toHaveValue('');
    // The result stays in the box, under the button, with the focus (WCAG 2.4.3).
    const result = box.getByRole('status');
    await expect(result).toContainText(pending);
    await expect(result).toBeFocused();
  };

  await signUp();
  await expect.poll(async () => (await mails()).length, { timeout: 15_000 }).toBe(1);
  const [mail] = await mails();
  const link = (action: string) =>
    new RegExp(`(http://\\S+/functions/v1/newsletter\\?action=${action}&token=[^\\s"<]+)`).exec(
      mail.text,
    )![1];
  expect((await rows())[0].confirmed_at).toBeNull();

  await page.goto(link('confirm'));
  await expect(page).toHaveURL(/\/newsletter\/confirmee$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Inscription confirmée');
  expect((await rows())[0].confirmed_at).not.toBeNull();

  await signUp(); // the same notice as the first time
  expect(await rows()).toHaveLength(1);

  await page.goto(link('unsubscribe'));
  await expect(page).toHaveURL(/\/newsletter\/desinscription$/);
  expect((await rows())[0].unsubscribed_at).not.toBeNull();
  expect(violations).toEqual([]);
});

test('the security headers allow only the site, Supabase and the booking frame, and every inline script by hash', async ({
  request: http,
}) => {
  const response = await http.get('/contact');
  const headers = response.headers();
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy']).toContain('camera=()');
  expect(headers['strict-transport-security']).toMatch(/max-age=\d{8,}/);

  const policy = Object.fromEntries(
    headers['content-security-policy'].split(';').map((part) => {
      const [name, ...values] = part.trim().split(/\s+/);
      return [name, values];
    }),
  );
  expect(policy['default-src']).toEqual(["'self'"]);
  expect(policy['connect-src']).toEqual(expect.arrayContaining(["'self'", TEST_SUPABASE_URL]));
  expect(policy['frame-src']).toEqual([new URL(TEST_BOOKING_URL).origin]);
  expect(policy['frame-ancestors']).toEqual(["'none'"]);
  expect(policy['form-action']).toEqual(["'self'", `${TEST_SUPABASE_URL}/functions/v1/form-post`]);
  expect(policy['object-src']).toEqual(["'none'"]);
  expect(policy['script-src']).not.toContain("'unsafe-inline'");
  expect(policy['script-src']).not.toContain("'unsafe-eval'");

  const missing = new Map<string, string>();
  for (const { file, html } of builtPages()) {
    for (const hash of inlineScriptHashes(html)) {
      if (!policy['script-src'].includes(hash)) missing.set(hash, file);
    }
  }
  expect(
    Object.fromEntries(missing),
    'inline scripts missing from script-src (src/integrations/security-headers)',
  ).toEqual({});
});
