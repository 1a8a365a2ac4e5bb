/** Collections of the contact area (see src/content.config.ts). */
export const contactCollections = {};
