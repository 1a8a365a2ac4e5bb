/**
 * The MDN HTTP Observatory (`@mdn/mdn-http-observatory`, the scanner behind
 * developer.mozilla.org/observatory) over the build as the production host's runtime serves it,
 * through the package's own `scan()`. Over plain HTTP two tests cannot pass and are expected to
 * fail: `redirection` (HTTP → HTTPS is the production domain's setting, docs/deploying.md) and
 * `strict-transport-security` (HSTS counts only over HTTPS). Every other test must pass.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';

type Outcome = { pass: boolean; result: string };

/**
 * The scanner's `scan()` (typed in ./mdn-http-observatory.d.ts). The package's install script
 * downloads the HSTS preload list, which cannot run offline (package.json `allowScripts`); the
 * scanner reads the list only to look a host up in it, and for a local host an empty list is the
 * right one.
 */
async function observatory() {
  const main = createRequire(import.meta.url).resolve('@mdn/mdn-http-observatory');
  const preload = join(dirname(main), '..', 'conf', 'hsts-preload.json');
  if (!existsSync(preload)) writeFileSync(preload, '{}');
  return (await import('@mdn/mdn-http-observatory')).scan;
}

describe('MDN HTTP Observatory', () => {
  let outcomes: Record<string, Outcome>;
  beforeAll(async () => {
    const scan = await observatory();
    // The scanner takes a host name and puts it in its URLs as it is: a port can go with it.
    outcomes = (await scan(new URL(inject('siteOrigin')).host)).tests;
  });

  it('runs its ten tests', () => {
    expect(Object.keys(outcomes)).toHaveLength(10);
  });

  it('passes every test but the two that need HTTPS', () => {
    const failing = Object.entries(outcomes)
      .filter(([, outcome]) => !outcome.pass)
      .map(([name, { result }]) => `${name}: ${result}`);
    expect(failing).toEqual([
      'redirection: redirection-missing',
      'strict-transport-security: hsts-not-implemented-no-https',
    ]);
  });
});
