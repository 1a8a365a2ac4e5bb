// What the contact form shows when the backend refuses or fails: the rate limit, a mail server down,
// the gateway down. Each changes the backend every spec shares, so this file runs alone, after the
// others (its own project in playwright.config.ts), and its tests one after the other.
import { expect, test, type Page } from '@playwright/test';
import {
  backendReady,
  contactRows,
  controlBackend,
  dbQuery,
  setRateLimit,
} from './support/backend';
import {
  ERROR,
  SUCCESS,
  expectFields,
  expectStoredAndMailedOnce,
  expectToast,
  fill,
  form,
  openForm,
  request,
  submit,
  type Request,
} from './support/contact-form';

test.describe.configure({ mode: 'serial' });
test.beforeAll(() => backendReady(test));

/** The rows stored from this machine's address: at least one, sent through the form if none is. */
async function rowsFromHere(page: Page): Promise<number> {
  const count = async () =>
    (
      await dbQuery<{ n: number }>(
        `select count(*)::int as n from public.contacts where client_address = '127.0.0.1'`,
      )
    )[0].n;
  if ((await count()) > 0) return count();
  await openForm(page);
  await fill(page, request());
  await submit(page).click();
  await expectToast(page, SUCCESS);
  return count();
}

test('the rate limit says when to retry and the phone number, keeping the fields', async ({
  page,
}) => {
  // A limit of the rows already stored (never 0, which the table refuses): the next send is refused.
  await setRateLimit('contacts_per_address', await rowsFromHere(page));
  const values = request();
  await openForm(page);
  await fill(page, values);
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

/** Sends the form while one part of the backend is stopped: the error notice, the fields kept. */
async function sendWhileDown(page: Page, values: Request, part: 'mail' | 'gateway') {
  await openForm(page);
  await fill(page, values);
  await controlBackend(`${part}/stop`);
  try {
    await submit(page).click();
    await expectToast(page, ERROR);
    await expectFields(page, values);
    await expect(submit(page)).toBeEnabled();
  } finally {
    await controlBackend(`${part}/start`);
  }
}

test('a function failure keeps the fields; the retry mails and leaves one row', async ({
  page,
}) => {
  const values = request();
  await sendWhileDown(page, values, 'mail');
  expect(await contactRows(values.email)).toHaveLength(1);
  await submit(page).click();
  await expectToast(page, SUCCESS);
  await expectStoredAndMailedOnce(values.email);
});

test('a backend that is down shows the error notice and keeps the fields', async ({ page }) => {
  const values = request();
  await sendWhileDown(page, values, 'gateway');
  expect(await contactRows(values.email)).toHaveLength(0);
  // Once the backend is back, the kept draft goes through.
  await submit(page).click();
  await expectToast(page, SUCCESS);
  expect(await contactRows(values.email)).toHaveLength(1);
});
