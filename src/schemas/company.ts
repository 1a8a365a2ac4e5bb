/** Collections of the company area (see src/content.config.ts). */
export const companyCollections = {};
