/**
 * The site's Worker (wrangler.jsonc `main`). The host serves the built site (static assets) without
 * it; it runs only for the paths listed in `assets.run_worker_first`: the visual editor's sign-in
 * (./signin.ts) and the newsletter's confirmation page (./newsletter-confirm.ts). Anything else that
 * reaches it is handed to the assets.
 */
import { CONFIRM_PATH, confirmPage } from './newsletter-confirm';
import { signin, type SigninEnv } from './signin';

export interface Env extends SigninEnv {
  /** The static assets (wrangler.jsonc `assets.binding`). */
  ASSETS: { fetch(request: Request): Promise<Response> };
}

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    if (new URL(request.url).pathname === CONFIRM_PATH) return confirmPage(request, env.ASSETS);
    return (await signin(request, env)) ?? env.ASSETS.fetch(request);
  },
};
