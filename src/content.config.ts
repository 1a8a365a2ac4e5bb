/**
 * Content collections. Each area of the site keeps its collections and zod schemas in
 * `src/schemas/<area>.ts`; this file only gathers them. Types come from the schemas (`z.infer`).
 */
import { siteCollections } from './schemas/site';

export const collections = {
  ...siteCollections,
};
