/**
 * Optional Cloudflare Turnstile widget for the contact form: only when `PUBLIC_TURNSTILE_SITE_KEY`
 * is set at build time (off by default). Cloudflare's script is fetched on the form's first focus;
 * the token goes into the row and the function verifies it before mailing.
 */

/** The site key baked into the build, or '' (Turnstile off). */
export const TURNSTILE_SITE_KEY: string = import.meta.env.PUBLIC_TURNSTILE_SITE_KEY ?? '';

const SCRIPT = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';

interface TurnstileApi {
  render(element: HTMLElement, options: Record<string, unknown>): string;
  reset(widgetId: string): void;
}

let loading: Promise<TurnstileApi> | null = null;

/** Loads Cloudflare's script once; resolves with `window.turnstile`. */
function loadTurnstile(): Promise<TurnstileApi> {
  loading ??= new Promise<TurnstileApi>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT;
    script.async = true;
    script.onload = () => resolve((window as unknown as { turnstile: TurnstileApi }).turnstile);
    script.onerror = () => {
      loading = null;
      reject(new Error('Turnstile could not be loaded'));
    };
    document.head.append(script);
  });
  return loading;
}

/**
 * Renders the widget into `element` (once) and keeps its current token.
 * @returns `token()` (the current token, '' until solved) and `reset()` (after a sent request)
 */
export async function mountTurnstile(element: HTMLElement, siteKey = TURNSTILE_SITE_KEY) {
  const api = await loadTurnstile();
  let token = '';
  const widgetId = api.render(element, {
    sitekey: siteKey,
    language: 'fr',
    callback: (value: string) => (token = value),
    'expired-callback': () => (token = ''),
  });
  return {
    token: () => token,
    reset: () => {
      token = '';
      api.reset(widgetId);
    },
  };
}
