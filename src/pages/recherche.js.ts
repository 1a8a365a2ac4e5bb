/**
 * The search form's script (src/lib/search/ui.ts), loaded on the form's first focus
 * (src/lib/page-scripts/layout.ts `searchOnDemand`); it binds every search form of the page.
 */
import type { APIRoute } from 'astro';
import { searchScript } from '../lib/search/script';

export const GET: APIRoute = async () =>
  new Response(await searchScript(), {
    headers: { 'Content-Type': 'text/javascript; charset=utf-8' },
  });
