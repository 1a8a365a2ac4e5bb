/**
 * The site's Worker (wrangler.jsonc `main`). The host serves the built site (static assets) without
 * it; it runs only for the paths listed in `assets.run_worker_first`: the visual editor's sign-in
 * (./signin.ts) and the pages a signed link of an e-mail opens (./token-pages.ts: the newsletter's
 * confirmation, a held lead's release). Anything else that reaches it is handed to the assets.
 */
import { signin, type SigninEnv } from './signin';
import { tokenPage } from './token-pages';

export interface Env extends SigninEnv {
  /** The static assets (wrangler.jsonc `assets.binding`). */
  ASSETS: { fetch(request: Request): Promise<Response> };
}

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    return (
      (await tokenPage(request, env.ASSETS)) ??
      (await signin(request, env)) ??
      env.ASSETS.fetch(request)
    );
  },
};
