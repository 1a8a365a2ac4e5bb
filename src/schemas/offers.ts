/** Collections of the offers area (see src/content.config.ts). */
export const offersCollections = {};
