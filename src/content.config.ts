/**
 * Content collections. Each area of the site keeps its collections and zod schemas in
 * `src/schemas/<area>.ts`; this file only gathers them. Types come from the schemas (`z.infer`).
 */
import { siteCollections } from './schemas/site';
import { sharedCollections } from './schemas/shared';
import { offersCollections } from './schemas/offers';
import { pageCollections } from './schemas/pages';
import { companyCollections } from './schemas/company';

export const collections = {
  ...siteCollections,
  ...pageCollections,
  ...sharedCollections,
  ...offersCollections,
  ...companyCollections,
};
