// The newsletter's confirmation page with the token in its form (issue 52, point 6): the e-mail's
// link opens /newsletter/confirmer?token=…; the Worker serves the static page with the token
// written into the hidden field of its one button (HTMLRewriter), so the button works without
// JavaScript and without a `Referer`, and the page keeps the site's referrer policy (no address,
// so no token, leaves for another site). Nothing changes on GET: the button's POST confirms.

/** The host's HTML rewriter (a global of the Workers runtime, which the project has no types of). */
declare class HTMLRewriter {
  on(
    selector: string,
    handlers: { element(element: { setAttribute(name: string, value: string): void }): void },
  ): HTMLRewriter;
  transform(response: Response): Response;
}

/** Where the e-mail's link leads (the page src/pages/newsletter/confirmer.astro). */
export const CONFIRM_PATH = '/newsletter/confirmer';

/** The hidden field the token goes in. */
export const TOKEN_FIELD = 'input#newsletter-confirm-token';

/** Longest token written into the page (a signed link's token is far shorter). */
const MAX_TOKEN_LENGTH = 1024;

/**
 * The confirmation page for `request`, from the static assets (the ASSETS binding), the token of its
 * address in the form. Not cached anywhere (the page now carries the token).
 */
export async function confirmPage(
  request: Request,
  assets: { fetch(request: Request): Promise<Response> },
): Promise<Response> {
  const page = await assets.fetch(request);
  const type = page.headers.get('content-type') ?? '';
  if (!page.ok || !type.startsWith('text/html')) return page;
  const token = (new URL(request.url).searchParams.get('token') ?? '').slice(0, MAX_TOKEN_LENGTH);
  const rewritten = new HTMLRewriter()
    .on(TOKEN_FIELD, {
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
