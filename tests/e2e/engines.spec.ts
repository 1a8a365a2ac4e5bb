// The visitor-facing checks, in the site's other engines (playwright.config.ts: projects `firefox`,
// `webkit`, and `webkit-floor`, WebKit without `popover` as on iOS 16, the site's floor). Each
// engine is driven by its own tools (tests/e2e/support/engines.ts), against the same served build
// and the same real backend as the Chromium specs.
import { randomUUID } from 'node:crypto';
import { expect, test as base } from '@playwright/test';
import { sitemapRoutes } from './helpers';
import { backendReady, caughtMail, mailMentioning } from './support/backend';
import { SUCCESS, request } from './support/contact-form';
import { openVisitor, waitFor, type EngineOptions, type Visitor } from './support/engines';

const test = base.extend<
  { open: (options?: Partial<EngineOptions>) => Promise<Visitor> },
  { engine: Pick<EngineOptions, 'engine' | 'withoutPopover'> }
>({
  engine: [{ engine: 'firefox' }, { option: true, scope: 'worker' }],
  // Each test opens its browser at a phone's size unless it says otherwise, and it is closed after.
  open: async ({ engine }, use) => {
    const opened: Visitor[] = [];
    await use(async (options) => {
      const visitor = await openVisitor({ width: 375, height: 800, ...engine, ...options });
      opened.push(visitor);
      return visitor;
    });
    for (const visitor of opened) await visitor.close();
  },
});
test.setTimeout(120_000);

/** The site's address for `path` (the engines are not Playwright's: no base URL of theirs). */
const at = (path: string) => new URL(path, test.info().project.use.baseURL).href;

/** Whether the element `id` is drawn (a panel: open) as `drawn` says. */
const drawnIs = (id: string, drawn: boolean) =>
  (getComputedStyle(document.getElementById(id)!).display !== 'none') === drawn;

/** What is wrong on the page as a visitor sees it, in words; empty when nothing is. */
function visibleFaults(): string[] {
  const faults: string[] = [];
  const shown = (element: Element) => getComputedStyle(element).display !== 'none';
  const h1 = document.querySelector('h1');
  if (!h1 || h1.getBoundingClientRect().height === 0) faults.push('no visible h1');
  for (const panel of document.querySelectorAll('[popover]'))
    if (shown(panel)) faults.push(`#${panel.id} drawn while closed`);
  // The buttons that bring leads (`.btn-primary`), and the links filled as they are (the current
  // category or page of the blog): indigo (accent-700) with white text, in both themes.
  for (const button of document.querySelectorAll('.btn-primary, a.bg-accent-700')) {
    const style = getComputedStyle(button);
    if (!shown(button)) continue;
    if (style.backgroundColor !== 'rgb(67, 56, 202)' || style.color !== 'rgb(255, 255, 255)')
      faults.push(`« ${button.textContent?.trim()} »: ${style.color} on ${style.backgroundColor}`);
  }
  return faults;
}

test('every route renders, its script runs, nothing reports an error', async ({ open }) => {
  const visitor = await open();
  const faults: string[] = [];
  for (const route of sitemapRoutes()) {
    await visitor.goto(at(route));
    // The layout's inline script ran: it enables the deferred stylesheet once the page has painted.
    await waitFor(
      visitor,
      `${route}'s deferred stylesheet`,
      () => document.querySelector('link[rel=stylesheet][disabled]') === null,
    );
    faults.push(...(await visitor.evaluate(visibleFaults)).map((fault) => `${route}: ${fault}`));
  }
  faults.push(...(await visitor.problems()));
  expect(faults).toEqual([]);
});

test('the menu opens on its button, closes on Escape and on a tap outside', async ({ open }) => {
  const visitor = await open();
  await visitor.goto(at('/contact'));
  await visitor.click('button[popovertarget="menu-mobile"]');
  await waitFor(visitor, 'the menu to open', drawnIs, 'menu-mobile', true);
  await visitor.press('Escape');
  await waitFor(visitor, 'Escape to close the menu', drawnIs, 'menu-mobile', false);
  await visitor.click('button[popovertarget="menu-mobile"]');
  await waitFor(visitor, 'the menu to open again', drawnIs, 'menu-mobile', true);
  await visitor.tapAt(200, 700);
  await waitFor(visitor, 'a tap outside to close the menu', drawnIs, 'menu-mobile', false);
  expect(await visitor.problems()).toEqual([]);
});

test('without JavaScript, the menu opens and closes; the search button leads to search', async ({
  open,
  engine,
}) => {
  const visitor = await open({ withoutJavaScript: true });
  await visitor.goto(at('/contact'));
  // The layout's script, had it run, would have enabled the deferred stylesheet.
  const scriptRan = await visitor.evaluate(
    () => document.querySelector('link[rel=stylesheet][disabled]') === null,
  );
  expect(scriptRan, "the page's own script ran").toBe(false);
  // Where `popover` works, its buttons need no script; where it does not (the floor), the
  // header's <noscript> links stand in for them: the menu opens as their target.
  const toggles = await visitor.evaluate(() =>
    Array.from(document.querySelectorAll('.site-header nav > div :is(button, a)[aria-label]'))
      .filter((element) => getComputedStyle(element).display !== 'none')
      .map((element) => `${element.localName} ${element.getAttribute('aria-label')}`),
  );
  if (engine.withoutPopover) {
    expect(toggles).toEqual(['a Rechercher', 'a Menu']);
    await visitor.click('.popover-fallback[href="#menu-mobile"]');
    await waitFor(visitor, 'the menu to open', drawnIs, 'menu-mobile', true);
    await visitor.click('.popover-fallback.menu-close');
    await waitFor(visitor, 'its close link to close the menu', drawnIs, 'menu-mobile', false);
    await visitor.click('.popover-fallback[href="/recherche"]');
    await waitFor(visitor, 'the search page', () => location.pathname === '/recherche');
  } else {
    expect(toggles).toEqual(['button Rechercher', 'button Menu']);
    await visitor.click('button[popovertarget="menu-mobile"]');
    await waitFor(visitor, 'the menu to open', drawnIs, 'menu-mobile', true);
    await visitor.press('Escape');
    await waitFor(visitor, 'Escape to close the menu', drawnIs, 'menu-mobile', false);
    await visitor.click('button[popovertarget="recherche-panneau"]');
    await waitFor(visitor, 'the search panel to open', drawnIs, 'recherche-panneau', true);
  }
});

test('the header search finds pages as one types, and Escape closes it', async ({ open }) => {
  const visitor = await open();
  await visitor.goto(at('/'));
  await visitor.click('button[popovertarget="recherche-panneau"]');
  await waitFor(visitor, 'the search panel to open', drawnIs, 'recherche-panneau', true);
  await visitor.type('#recherche-panneau input[name="q"]', 'chatbots');
  await waitFor(visitor, 'the results', () =>
    /\d+ résultats?/.test(
      document.querySelector('#recherche-panneau [role="status"]')?.textContent ?? '',
    ),
  );
  await visitor.press('Escape');
  await waitFor(visitor, 'Escape to close the search panel', drawnIs, 'recherche-panneau', false);
  expect(await visitor.problems()).toEqual([]);
});

test('the contact form sends, and the agency gets one mail', async ({ open }) => {
  await backendReady(test);
  const visitor = await open();
  const values = request();
  await visitor.goto(at('/contact'));
  const form = 'form[aria-label="Formulaire de contact"]';
  await visitor.evaluate((selector) => document.querySelector(selector)!.scrollIntoView(), form);
  await waitFor(
    visitor,
    'the form to hydrate',
    () => document.querySelector('astro-island[component-url*="ContactForm"]:not([ssr])') !== null,
  );
  for (const [name, value] of Object.entries(values))
    if (name === 'service_souhaite')
      await visitor.evaluate(
        (selector, option) => {
          const select = document.querySelector<HTMLSelectElement>(selector)!;
          select.value = option;
          select.dispatchEvent(new Event('change', { bubbles: true }));
        },
        `${form} [name="${name}"]`,
        value,
      );
    else await visitor.type(`${form} [name="${name}"]`, value);
  await new Promise((resolve) => setTimeout(resolve, 3_300)); // a person's pace (server: 3 s)
  await visitor.click(`${form} button[type="submit"]`);
  await waitFor(
    visitor,
    'the success message',
    (text) => document.body.textContent!.includes(text),
    SUCCESS.title,
  );
  await expect
    .poll(async () => (await mailMentioning(values.prenom)).length, { timeout: 20_000 })
    .toBe(1);
  expect(await visitor.problems()).toEqual([]);
});

test('the newsletter box signs up, and one confirmation mail goes out', async ({ open }) => {
  await backendReady(test);
  const visitor = await open();
  const email = `news.${randomUUID().slice(0, 8)}@example.com`;
  await visitor.goto(at('/blog'));
  await visitor.evaluate(() => document.getElementById('newsletter-form-slot')!.scrollIntoView());
  await waitFor(
    visitor,
    'the newsletter box to hydrate',
    () =>
      document.querySelector('astro-island[component-url*="NewsletterForm"]:not([ssr])') !== null,
  );
  await visitor.type('#newsletter-form-slot input[type="email"]', email);
  await new Promise((resolve) => setTimeout(resolve, 2_300)); // a person's pace
  await visitor.click('#newsletter-form-slot button');
  await waitFor(visitor, 'the pending notice', () =>
    (document.getElementById('newsletter-form-slot')!.textContent ?? '').includes(
      'vous allez recevoir',
    ),
  );
  await expect
    .poll(async () => (await caughtMail()).filter((mail) => mail.to[0]?.address === email).length, {
      timeout: 20_000,
    })
    .toBe(1);
  expect(await visitor.problems()).toEqual([]);
});

test('the islands hydrate where they are shown', async ({ open }) => {
  const visitor = await open({ width: 1280, height: 900 });
  await visitor.goto(at('/'));
  const islands = await visitor.evaluate(() => document.querySelectorAll('astro-island').length);
  expect(islands).toBeGreaterThan(0);
  // Each shown in turn, as a visitor scrolling down shows them.
  for (let index = 0; index < islands; index++) {
    await visitor.evaluate(
      // An island is `display: contents`: its content has the box.
      (at) => document.querySelectorAll('astro-island')[at].firstElementChild!.scrollIntoView(),
      index,
    );
    await waitFor(
      visitor,
      `island ${index + 1} of / to hydrate`,
      (at) => !document.querySelectorAll('astro-island')[at].hasAttribute('ssr'),
      index,
    );
  }
  expect(await visitor.problems()).toEqual([]);
});

test('the dark theme follows the system, and the lead buttons keep their colours', async ({
  open,
}) => {
  const visitor = await open({ dark: true });
  await visitor.goto(at('/'));
  expect(await visitor.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
    'rgb(17, 17, 34)',
  );
  expect(await visitor.evaluate(visibleFaults)).toEqual([]);
});

test('the keyboard focus shows the designed 3 px ring', async ({ open }) => {
  const visitor = await open({ width: 1280, height: 900 });
  await visitor.goto(at('/'));
  await visitor.press('Tab');
  const ring = await visitor.evaluate(() => {
    const focused = document.activeElement!;
    const style = getComputedStyle(focused);
    return `${focused.tagName}: ${style.outlineStyle} ${style.outlineWidth}`;
  });
  expect(ring).toMatch(/: solid 3px$/);
});

test('the popover polyfill loads only where the engine lacks popover', async ({ open, engine }) => {
  const visitor = await open();
  await visitor.goto(at('/'));
  await waitFor(visitor, 'the page to load', () => document.readyState === 'complete');
  const polyfill = await visitor.evaluate(
    () => performance.getEntriesByName(new URL('/popover.js', location.href).href).length,
  );
  expect(polyfill).toBe(engine.withoutPopover ? 1 : 0);
});
