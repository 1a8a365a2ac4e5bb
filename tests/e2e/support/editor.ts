/**
 * What the editor's end-to-end tests (cms.spec.ts, cms-publish.spec.ts) do with Sveltia CMS's form:
 * scroll to a field, type into it until it keeps the value, save, collect the errors it logs.
 */
import { expect, type Locator, type Page } from '@playwright/test';

/** Scrolls the form until `field` is drawn (the editor draws fields as they come into view). */
export async function scrollTo(page: Page, field: ReturnType<Page['locator']>) {
  const form = page.getByRole('group', { name: /^Modifier le contenu/ });
  await form.hover();
  await expect(async () => {
    if (!(await field.isVisible())) await page.mouse.wheel(0, 300);
    await expect(field).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 30_000 });
}

/**
 * Clicks « Enregistrer » and waits for the editor's own verdict: its « Entrée enregistrée. » notice,
 * shown once every file is written, or its list of fields to correct, which fails the test at once.
 */
export async function save(page: Page) {
  await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  const saved = page.getByText('Entrée enregistrée.');
  const refused = page.getByText(/Veuillez (la|les) corriger pour enregistrer l’entrée\./);
  // The write goes through the stand-in picker to the disk: as long as a busy machine takes.
  await expect(saved.or(refused).first()).toBeVisible({ timeout: 30_000 });
  if (await refused.count()) {
    // Name the fields the editor marks, with their values: which one the test failed to fill.
    const fields = await page.locator('[aria-invalid="true"]').evaluateAll((controls) =>
      controls.map((control) => {
        const label =
          control.getAttribute('aria-label') ??
          control
            .getAttribute('aria-labelledby')
            ?.split(' ')
            .map((id) => document.getElementById(id)?.textContent)
            .join(' ') ??
          control.id;
        return `${label?.trim()}: ${JSON.stringify((control as HTMLInputElement).value ?? '')}`;
      }),
    );
    throw new Error(`the editor refused the entry; fields marked invalid: ${fields.join('; ')}`);
  }
}

/**
 * Types `value` into `field` until the field keeps it. The editor sets up a new entry's form just
 * after drawing it and can clear a field typed into in that instant, faster than a person types
 * (seen: the first « Titre » empty at « Enregistrer »); the field holding the value is the state
 * the save needs.
 */
export async function fillKept(field: Locator, value: string) {
  await expect(async () => {
    if ((await field.inputValue()) !== value) await field.fill(value);
    await expect(field).toHaveValue(value, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
}

/** Errors the editor logs or throws, collected for the test to check there are none. */
export function editorProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('requestfailed', (request) => problems.push(`failed: ${request.url()}`));
  return problems;
}
