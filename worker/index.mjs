// The site's Worker (wrangler.jsonc `main`). Static assets are served without invoking it, except
// the paths of `assets.run_worker_first`, answered here; anything else falls through to the assets.
import { CONFIRM_PATH, confirmPage } from './newsletter-confirm.mjs';

export default {
  /**
   * @param {Request} request
   * @param {{ ASSETS: { fetch: (request: Request) => Promise<Response> } }} env
   */
  async fetch(request, env) {
    const { pathname } = new URL(request.url);
    if (pathname === CONFIRM_PATH) return confirmPage(request, env.ASSETS);
    return env.ASSETS.fetch(request);
  },
};
