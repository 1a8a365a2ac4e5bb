/** Collections of the home area (see src/content.config.ts). */
export const homeCollections = {};
