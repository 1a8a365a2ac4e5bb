/**
 * The MDN HTTP Observatory's header tests (`@mdn/mdn-http-observatory`, the scanner behind
 * developer.mozilla.org/observatory) against the build as the production host's runtime serves it.
 * Over plain HTTP two tests cannot pass and are expected to fail: `redirection` (HTTP → HTTPS is the
 * production domain's setting, docs/deploying.md) and `strict-transport-security` (HSTS counts only
 * over HTTPS). Every other test must pass.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';

const HTTPS_ONLY = ['redirection', 'strict-transport-security'];

type Outcome = { pass: boolean; result: string };
type Retrieval = unknown;
type Observatory = {
  retrieve: (host: string, options: { httpPort: string; httpsPort: string }) => Promise<Retrieval>;
  tests: Array<(retrieval: Retrieval) => Outcome & { constructor: { name: string } }>;
};

/**
 * The scanner's retrieval and its tests. Its `scan()` takes no port, so the test calls the two steps
 * it is made of. The HSTS preload list is downloaded by an install script that is not run here
 * (package.json `allowScripts`): an empty list is right for a local host.
 */
async function observatory(): Promise<Observatory> {
  const root = dirname(createRequire(import.meta.url).resolve('@mdn/mdn-http-observatory'));
  const preload = join(root, '..', 'conf', 'hsts-preload.json');
  if (!existsSync(preload)) writeFileSync(preload, '{}');
  const { retrieve } = await import(join(root, 'retriever', 'retriever.js'));
  const { ALL_TESTS } = await import(join(root, 'constants.js'));
  return { retrieve, tests: ALL_TESTS };
}

describe('MDN HTTP Observatory', () => {
  let outcomes: Record<string, Outcome>;
  beforeAll(async () => {
    const { retrieve, tests } = await observatory();
    const origin = new URL(inject('siteOrigin'));
    const retrieval = await retrieve(origin.hostname, {
      httpPort: origin.port,
      httpsPort: origin.port,
    });
    outcomes = Object.fromEntries(
      tests.map((test) => {
        const { constructor, pass, result } = test(retrieval);
        return [constructor.name, { pass, result }];
      }),
    );
  });

  it('runs all ten tests', () => {
    expect(Object.keys(outcomes)).toHaveLength(10);
    expect(Object.keys(outcomes)).toEqual(expect.arrayContaining(HTTPS_ONLY));
  });

  it('every header test passes but the two that need HTTPS', () => {
    const failing = Object.entries(outcomes)
      .filter(([, outcome]) => !outcome.pass)
      .map(([name, { result }]) => `${name}: ${result}`);
    expect(failing).toEqual([
      'redirection: redirection-missing',
      'strict-transport-security: hsts-not-implemented-no-https',
    ]);
  });
});
