import type { FormPostStore, RequestHeaders } from './form-post-store.ts';

/** What the handler needs from the outside world; injected so it can be tested without Deno. */
export interface FormPostDeps {
  /** SITE_URL (where visitors come from and go back to) and SUPABASE_URL (this endpoint's base). */
  env: Record<string, string | undefined>;
  store: FormPostStore;
  /** Calls another function of the project with a JSON body (send-contact-email, newsletter). */
  invoke: (name: string, body: Record<string, unknown>) => Promise<Response>;
  logError?: (...args: unknown[]) => void;
}

/** One form post, read: its fields and what the visitor's browser sent with them. */
export interface FormPost {
  form: URLSearchParams;
  headers: RequestHeaders;
  /** What every stored row carries besides the fields: the honeypot and the vouched fill time. */
  extras: { site_web: string; fill_ms: number | null; fill_vouched: boolean };
  /** Where the refusal page's form posts (`action`) and links back to (`site`). */
  page: { action: string; site: string };
}

/** What each form's steps use: the injected world, its logger resolved, the answers of a post. */
export interface FormPostTools {
  deps: FormPostDeps;
  logError: (...args: unknown[]) => void;
  /** A French page (the form again, or the confirmation error) with this status. */
  html: (status: number, body: string) => Response;
  /** 303 to a page of the site. */
  done: (page: string) => Response;
}
