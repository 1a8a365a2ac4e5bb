// The site's pages a signed link of an e-mail opens, the link's token written into the hidden field
// of their one button (HTMLRewriter): the newsletter's confirmation (issue 52, point 6) and the
// release of a held lead from the agency's digests (issue 52, point 2). The button works without
// JavaScript and without a `Referer`, and the page keeps the site's referrer policy (no address,
// so no token, leaves for another site). Nothing changes on GET: the button's POST acts.

/** The host's HTML rewriter (a global of the Workers runtime, which the project has no types of). */
declare class HTMLRewriter {
  on(
    selector: string,
    handlers: { element(element: { setAttribute(name: string, value: string): void }): void },
  ): HTMLRewriter;
  transform(response: Response): Response;
}

/**
 * Each page (its path, also in wrangler.jsonc `assets.run_worker_first`): the query parameter the
 * e-mail's link carries the token in, and the hidden field it goes in.
 */
export const TOKEN_PAGES: Record<string, { param: string; field: string }> = {
  // src/pages/newsletter/confirmer.astro
  '/newsletter/confirmer': { param: 'token', field: 'input#newsletter-confirm-token' },
  // src/pages/contact/envoyer.astro
  '/contact/envoyer': { param: 'jeton', field: 'input#contact-release-token' },
};

/** Longest token written into a page (a signed link's token is far shorter). */
const MAX_TOKEN_LENGTH = 1024;

/**
 * The page of TOKEN_PAGES `request` asks for, from the static assets (the ASSETS binding), the token
 * of its address in the form, not cached anywhere (the page now carries the token); null for any
 * other path.
 */
export async function tokenPage(
  request: Request,
  assets: { fetch(request: Request): Promise<Response> },
): Promise<Response | null> {
  const url = new URL(request.url);
  const target = Object.hasOwn(TOKEN_PAGES, url.pathname) ? TOKEN_PAGES[url.pathname] : null;
  if (!target) return null;
  const page = await assets.fetch(request);
  const type = page.headers.get('content-type') ?? '';
  if (!page.ok || !type.startsWith('text/html')) return page;
  const token = (url.searchParams.get(target.param) ?? '').slice(0, MAX_TOKEN_LENGTH);
  const rewritten = new HTMLRewriter()
    .on(target.field, {
      element(input) {
        input.setAttribute('value', token);
      },
    })
    .transform(page);
  const response = new Response(rewritten.body, rewritten);
  response.headers.set('Cache-Control', 'no-store');
  response.headers.delete('ETag');
  return response;
}
