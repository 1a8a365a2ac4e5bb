/**
 * The site's speculation rules as a file, named by every response's `Speculation-Rules` header
 * (public/_headers): see src/lib/page-scripts/speculation-rules.ts.
 */
import type { APIRoute } from 'astro';
import { speculationRulesJson } from '../lib/page-scripts/speculation-rules';

export const GET: APIRoute = () =>
  new Response(speculationRulesJson(), {
    headers: { 'Content-Type': 'application/speculationrules+json' },
  });
