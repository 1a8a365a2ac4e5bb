// The build checks (tests/build) that run Astro on a scratch project of their own instead of reading
// the test build (TEST_DIST). One list for the steps of scripts/test.mjs and scripts/blog-scale.mjs;
// tests/scripts/build-checks.test.ts keeps it equal to the files that build a scratch project.

/** Checks that test code on content of their own, which a content change cannot break. */
export const CODE_ONLY_BUILD_CHECKS = [
  'tests/build/code-budgets.test.ts',
  'tests/build/content-errors.test.ts',
  'tests/build/publish.test.ts',
];

/**
 * Every check that builds a scratch project: the blog at 1,000 posts leaves them out, since they
 * never read its build (the `build-checks` step runs them once).
 */
export const SCRATCH_BUILD_CHECKS = [...CODE_ONLY_BUILD_CHECKS, 'tests/build/lone-post.test.ts'];

/** vitest's arguments leaving `files` out. */
export const excluding = (files) => files.flatMap((file) => ['--exclude', file]);
