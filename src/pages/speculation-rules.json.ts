/**
 * The site's speculation rules as a file, named by every response's `Speculation-Rules` header
 * (public/_headers): see src/lib/speculation-rules.ts.
 */
import type { APIRoute } from 'astro';
import { speculationRulesJson } from '../lib/speculation-rules';

export const GET: APIRoute = () =>
  new Response(speculationRulesJson(), {
    headers: { 'Content-Type': 'application/speculationrules+json' },
  });
