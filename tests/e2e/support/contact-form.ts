/** The contact form's helpers shared by the end-to-end specs that send it. */
import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { DRAFT_STORAGE_KEY } from '../../../src/stores/contact-draft';
import { contactRows, mailMentioning } from './backend';

export const SUCCESS = {
  title: 'Message envoyé\u00a0!',
  text: 'Merci\u00a0! Votre message a bien été envoyé. Nous vous répondrons dans les plus brefs délais.',
};
export const ERROR = { title: 'Erreur', text: 'Une erreur est survenue. Veuillez réessayer.' };

/** A complete request; `tag` makes its row and e-mail findable. */
export function request(overrides: Partial<Record<string, string>> = {}) {
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
export type Request = ReturnType<typeof request>;

export const form = (page: Page) => page.locator('form[aria-label="Formulaire de contact"]');
export const field = (page: Page, name: string) => form(page).locator(`[name="${name}"]`);
export const submit = (page: Page) => form(page).locator('button[type="submit"]');

/** Opens /contact with an empty draft and a hydrated form. */
export async function openForm(page: Page) {
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
export async function waitPastFillTime(page: Page) {
  await page.waitForFunction((key) => {
    const draft = JSON.parse(localStorage.getItem(key) ?? 'null');
    return draft?.startedAt > 0 && Date.now() - draft.startedAt > 3_300;
  }, DRAFT_STORAGE_KEY);
}

/** The contact draft the page keeps in localStorage, parsed (null when there is none). */
export function storedDraft(page: Page) {
  return page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null'), DRAFT_STORAGE_KEY);
}

/** Fills the form like a person would, at a person's pace. */
export async function fill(page: Page, values: Request) {
  for (const [name, value] of Object.entries(values)) {
    if (name === 'service_souhaite') await field(page, name).selectOption(value);
    else await field(page, name).fill(value);
  }
  await waitPastFillTime(page);
}

export async function expectFields(page: Page, values: Request) {
  for (const [name, value] of Object.entries(values))
    await expect(field(page, name)).toHaveValue(value);
}

/** The page's notices (the form repeats its result beside its button, see below). */
export const notices = (page: Page) => page.locator('#toasts');

export async function expectToast(page: Page, kind: typeof SUCCESS) {
  const role = kind === ERROR ? 'alert' : 'status';
  const notice = notices(page).getByRole(role).filter({ hasText: kind.title });
  await expect(notice).toBeVisible({ timeout: 20_000 });
  await expect(notice).toContainText(kind.text);
}

/** The request is one row in the database and, once the function has run, one e-mail in the catcher. */
export async function expectStoredAndMailedOnce(email: string) {
  expect(await contactRows(email)).toHaveLength(1);
  await expect.poll(async () => (await mailMentioning(email)).length, { timeout: 15_000 }).toBe(1);
}

/** Collects the browser's Content-Security-Policy violations (reported as console errors). */
export function cspViolations(page: Page) {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content.Security.Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}
/** A slow phone: 150 ms round trip, 1.6 Mbps, CPU four times slower (Chromium's CDP). */
export async function throttle(page: Page) {
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
export async function holdIsland(page: Page, component: string) {
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

export const island = (page: Page, component: string, hydrated: boolean) =>
  page.locator(`astro-island[component-url*="${component}"]${hydrated ? ':not([ssr])' : '[ssr]'}`);

/** Every request URL the page makes (to check that no field value ever travels in one). */
export function requestUrls(page: Page) {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  return urls;
}
export function expectNoValueIn(urls: string[], values: Record<string, string>) {
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
export async function typeInto(page: Page, values: Request) {
  for (const [name, value] of Object.entries(values)) {
    if (name === 'service_souhaite') await field(page, name).selectOption(value);
    else {
      await field(page, name).click();
      await field(page, name).pressSequentially(value);
    }
  }
}
