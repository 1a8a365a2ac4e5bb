import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CACHE_CONTROL, startStaticServer } from '../../scripts/lib/static-server.mjs';

// npm start's server with the project's real public/_headers: repeat visits cost nothing.
describe('static server caching', () => {
  let origin: string;
  let close: () => void;

  beforeAll(async () => {
    const root = mkdtempSync(join(tmpdir(), 'site-'));
    mkdirSync(join(root, '_astro'));
    writeFileSync(join(root, '_astro', 'client.abc123.js'), 'export {};');
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>x</title>');
    writeFileSync(join(root, '404.html'), 'absent');
    writeFileSync(join(root, '_headers'), readFileSync('public/_headers', 'utf8'));
    const server = await startStaticServer({ root, port: 0 });
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  it('keeps hashed assets a year, immutable', async () => {
    const response = await fetch(`${origin}/_astro/client.abc123.js`);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('has HTML revalidated, answering 304 when unchanged', async () => {
    const first = await fetch(`${origin}/`);
    expect(first.headers.get('cache-control')).toBe(DEFAULT_CACHE_CONTROL);
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await fetch(`${origin}/`, { headers: { 'If-None-Match': etag! } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const changed = await fetch(`${origin}/`, { headers: { 'If-None-Match': 'W/"other"' } });
    expect(changed.status).toBe(200);
  });
});
