import { expect, test, type Page } from '@playwright/test';

// The site search (src/lib/search/ui.ts): nothing of it is fetched before a sign of intent, then
// all its first files at once; French queries find pages by their word forms; results are read by
// role; without JavaScript the form leads to a page listing every page.

/** Requests of the search (its script, Pagefind's files) made by `page` from now on. */
function searchRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname === '/recherche.js' || pathname.startsWith('/pagefind/')) urls.push(pathname);
  });
  return urls;
}

/** The words of a page's main content, lower-cased (what the search indexes). */
async function mainText(page: Page, path: string): Promise<string> {
  const html = await (await page.request.get(path)).text();
  const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
  return main.replace(/<[^>]+>/g, ' ').toLowerCase();
}

/** Opens the header's search with the `/` shortcut and types `query` key by key. */
async function search(page: Page, query: string) {
  await page.keyboard.press('/');
  const field = page.getByRole('searchbox', { name: 'Rechercher sur le site' });
  await expect(field).toBeFocused();
  await page.keyboard.type(query);
  return page.locator('#recherche-panneau');
}

/** What a first sign of intent fetches, all at once: the search script and Pagefind's first files. */
const FIRST_ROUND = [
  '/recherche.js',
  '/pagefind/pagefind.js',
  '/pagefind/pagefind-entry.json',
  '/pagefind/wasm.fr.pagefind',
];

/**
 * Holds the search script's response until Pagefind's first files have been asked for as well, so
 * that a test passes only if they are fetched in the same round (had the script asked for them, as
 * it once did, they would never come and the test fails), then lets it go. The route is set before
 * the page opens: routing turns the browser's cache off, so every file is asked of the network.
 */
async function expectOneRound(
  page: Page,
  requests: string[],
  path: string,
  intent: () => Promise<void>,
) {
  let release = () => {};
  const held = new Promise<void>((done) => (release = done));
  await page.route('**/recherche.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(path);
  await intent();
  await expect.poll(() => [...requests].sort()).toEqual([...FIRST_ROUND].sort());
  release();
}

test('requests nothing of the search without a sign of intent', async ({ page }) => {
  const requests = searchRequests(page);
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await page.mouse.move(200, 300);
  await page.mouse.wheel(0, 400);
  await page.keyboard.press('Tab');
  await page.waitForLoadState('networkidle');
  expect(requests).toEqual([]);
});

test('hovering the search button fetches all the search’s first files in one round', async ({
  page,
}) => {
  const requests = searchRequests(page);
  await expectOneRound(page, requests, '/', () =>
    page.locator('button[popovertarget="recherche-panneau"]').hover(),
  );
  // What was typed meanwhile is searched once the files are in.
  const panel = await search(page, 'chatbots');
  await expect(panel.getByRole('status')).toHaveText(/^\d+ résultats?$/);
});

test('the `/` shortcut starts the search the same way', async ({ page }) => {
  const requests = searchRequests(page);
  await expectOneRound(page, requests, '/', () => page.keyboard.press('/'));
});

test('a focus of the search page’s own field starts it the same way', async ({ page }) => {
  const requests = searchRequests(page);
  await expectOneRound(page, requests, '/recherche', () =>
    page.getByRole('main').getByRole('searchbox').focus(),
  );
});

test.describe('on a touch screen', () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 375, height: 740 } });

  test('touching the search button starts the search in one round', async ({ page }) => {
    const requests = searchRequests(page);
    await expectOneRound(page, requests, '/', () =>
      page.locator('button[popovertarget="recherche-panneau"]').tap(),
    );
    await expect(page.getByRole('searchbox', { name: 'Rechercher sur le site' })).toBeFocused();
  });
});

for (const { query, path, title } of [
  { query: 'chatbots', path: '/chatbot-ia', title: /chatbot/i },
  { query: 'automatiser', path: '/nos-realisations/workflow-rh', title: /workflows RH/ },
]) {
  test(`« ${query} » finds ${path}, whose text has only another form of the word`, async ({
    page,
  }) => {
    // The premise: the page never writes the word as typed, so only the French stemmer finds it.
    expect(await mainText(page, path)).not.toMatch(new RegExp(`\\b${query}\\b`));
    await page.goto('/');
    const panel = await search(page, query);
    await expect(page.getByRole('status').filter({ hasText: /résultats?$/ })).toHaveText(
      /^\d+ résultats?$/,
    );
    const hit = panel.getByRole('link', { name: title }).and(panel.locator(`a[href="${path}"]`));
    await expect(hit).toBeVisible();
    await expect(hit.locator('xpath=..').locator('mark').first()).toBeVisible();
  });
}

test('a query with no result says « Aucun résultat » and offers the main sections', async ({
  page,
}) => {
  await page.goto('/faq');
  const panel = await search(page, 'zzxqw');
  await expect(page.getByRole('status').filter({ hasText: 'Aucun' })).toHaveText(
    'Aucun résultat pour « zzxqw ». Essayez un autre mot, ou voyez :',
  );
  for (const name of ['Automatisation IA', 'Contact', 'FAQ', 'Toutes les pages du site'])
    await expect(panel.getByRole('link', { name, exact: true })).toBeVisible();
});

test('says « Recherche… » while the search’s files load, then the count found', async ({
  page,
}) => {
  // Pagefind's code is held until the line has been read, so the test never races the load.
  let release = () => {};
  const held = new Promise<void>((done) => (release = done));
  await page.route('**/pagefind/pagefind.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/');
  const status = (await search(page, 'chatbots')).getByRole('status');
  await expect(status).toHaveText('Recherche…');
  release();
  await expect(status).toHaveText(/^\d+ résultats?$/);
});

test('the results are reached with Tab, followed with Enter; Escape closes the panel', async ({
  page,
}) => {
  await page.goto('/');
  await search(page, 'chatbots');
  const first = page.locator('#recherche-panneau li a').first();
  await expect(first).toBeVisible();
  // The form's button first, then its results.
  await page.keyboard.press('Tab');
  await expect(page.locator('#recherche-panneau button')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(first).toBeFocused();
  const href = await first.getAttribute('href');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await page.keyboard.press('/');
  await expect(page.locator('#recherche-panneau')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.locator('#recherche-panneau')).toBeHidden();
});

test('the search page runs the query of its address', async ({ page }) => {
  await page.goto('/recherche?q=chatbots');
  const main = page.getByRole('main');
  await expect(main.getByRole('searchbox')).toHaveValue('chatbots');
  await expect(main.getByRole('status')).toHaveText(/^\d+ résultats?$/);
  await expect(
    main
      .getByRole('listitem')
      .filter({ has: page.locator('a[href="/chatbot-ia"]') })
      .locator('mark')
      .first(),
  ).toBeVisible();
});

test('Pagefind starts once for both forms of the page, with no worker and no warning', async ({
  page,
}) => {
  const logged: string[] = [];
  page.on('console', (message) => logged.push(`${message.type()}: ${message.text()}`));
  const requests = searchRequests(page);
  await page.goto('/recherche?q=chatbots');
  await expect(page.getByRole('main').getByRole('status')).toHaveText(/^\d+ résultats?$/);
  // The header's form, the page's other one, searches with the same Pagefind.
  await page.locator('button[popovertarget="recherche-panneau"]').click();
  await page.locator('#recherche-panneau input[name="q"]').fill('devis');
  await expect(page.locator('#recherche-panneau').getByRole('status')).toHaveText(
    /^\d+ résultats?$/,
  );
  expect(logged).toEqual([]);
  expect(requests.filter((path) => /worker/.test(path))).toEqual([]);
  expect(requests.filter((path) => path === '/pagefind/pagefind.js')).toHaveLength(1);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the header search leads to a page that lists every page by section', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Rechercher', exact: true }).first().click();
    const field = page.getByRole('searchbox', { name: 'Rechercher sur le site' });
    await expect(field).toBeFocused();
    await page.keyboard.type('chatbots');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/recherche\?q=chatbots$/);
    const main = page.getByRole('main');
    for (const section of ['Pages', 'Offres et solutions', 'Réalisations', 'Blog'])
      await expect(main.getByRole('heading', { name: section, exact: true })).toBeVisible();
    await expect(main.locator('a[href="/chatbot-ia"]')).toBeVisible();
    await expect(main.locator('a[href="/faq"]')).toBeVisible();
  });

  test('the header search is sent by its visible button, without a key', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/contact');
    await page.getByRole('button', { name: 'Rechercher', exact: true }).first().click();
    const panel = page.locator('#recherche-panneau');
    await panel.getByRole('searchbox', { name: 'Rechercher sur le site' }).fill('devis');
    const send = panel.getByRole('button', { name: 'Chercher', exact: true });
    await expect(send).toBeVisible();
    await send.click();
    await expect(page).toHaveURL(/\/recherche\?q=devis$/);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: 'Pages', exact: true })).toBeVisible();
  });
});
