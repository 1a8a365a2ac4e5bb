// Per-feature checks of a deploy, run with the variables' checks before anything runs: each takes
// the environment and the target and returns what is wrong, one English line each (empty: fine).
// A feature whose configuration comes in parts (a key for the build, a secret for a function or the
// Worker) adds its check here, so a half-configured feature is refused instead of silently off.
import { signinProblems } from './deploy-signin.mjs';
import { turnstileKeyProblems } from './deploy-turnstile.mjs';

/**
 * @type {Array<(env: Record<string, string | undefined>, target: 'production' | 'preview') => string[]>}
 */
export const FEATURE_CHECKS = [turnstileKeyProblems, signinProblems];

/**
 * Every feature check's lines, in FEATURE_CHECKS order.
 * @param {Record<string, string | undefined>} env
 * @param {'production' | 'preview'} target
 */
export const featureProblems = (env, target) =>
  FEATURE_CHECKS.flatMap((check) => check(env, target));
