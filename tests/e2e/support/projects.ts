/**
 * Specs that stop part of the local backend or change its limits: they run in a project of their
 * own, after every other spec (playwright.config.ts), their tests one after the other.
 */
export const BACKEND_EXCLUSIVE_SPECS = ['rate-limit-and-outages.spec.ts'];
