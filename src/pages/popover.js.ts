/**
 * The popover polyfill (OddBird's `@oddbird/popover-polyfill`, maintained), for the browsers of the
 * site's floor that lack `popover` (Safari/iOS before 17, Chrome before 114): the layout's inline
 * script loads it there only (src/lib/page-scripts/layout.ts `polyfillPopover`), so the menu and the
 * search panel open, close and light-dismiss as they do natively.
 */
import type { APIRoute } from 'astro';
import polyfill from '@oddbird/popover-polyfill?raw';
import { minifyInline } from '../lib/layout/inline-script';

export const GET: APIRoute = () =>
  new Response(minifyInline(polyfill), {
    headers: { 'Content-Type': 'text/javascript; charset=utf-8' },
  });
