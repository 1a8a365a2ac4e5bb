// startBackend itself: clear refusal on a busy port, data kept across restarts, nothing left running.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startBackend } from '../../local-backend/index.mjs';
import { canConnect } from '../../local-backend/process.mjs';
import { TEST_LIFECYCLE_BACKEND_PORTS } from '../../scripts/lib/test-ports.mjs';
import { backend } from './support.mjs';

const dirs = [];
afterAll(async () => {
  for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
});

async function freshDir() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'agence-backend-lifecycle-'));
  dirs.push(dir);
  return dir;
}

describe('startBackend', () => {
  it('refuses a busy port with a message naming the port and the likely cause', async () => {
    const busy = backend().ports;
    await expect(
      startBackend({ dataDir: await freshDir(), ports: busy, log: () => {} }),
    ).rejects.toThrow(
      new RegExp(
        `Port ${busy.api} \\(API gateway\\) is already in use\\. Another local backend .*npm start`,
      ),
    );
  });

  it('keeps data across a restart, migrates once, frees every port on stop()', async () => {
    const ports = TEST_LIFECYCLE_BACKEND_PORTS;
    const dataDir = await freshDir();
    const first = await startBackend({ dataDir, ports, log: () => {} });
    console.log(`[lifecycle] first start (new cluster) ${first.startupMs} ms`);
    const id = crypto.randomUUID();
    try {
      const res = await fetch(`${first.urls.restUrl}/contacts`, {
        method: 'POST',
        headers: { apikey: first.keys.publishable, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          id,
          prenom: 'Ada',
          nom: 'L',
          email: 'ada@example.com',
          service_souhaite: 'Formation Équipe',
          message: 'Persist me',
        }),
      });
      expect(res.status).toBe(201);
    } finally {
      await first.stop();
    }
    for (const port of Object.values(ports)) {
      expect({ port, open: await canConnect(port) }).toEqual({ port, open: false });
    }

    const second = await startBackend({ dataDir, ports, log: () => {} });
    console.log(`[lifecycle] restart (existing cluster) ${second.startupMs} ms`);
    const client = new pg.Client({ connectionString: second.urls.dbUrl });
    try {
      await client.connect();
      expect(
        (await client.query('select message from public.contacts where id = $1', [id])).rows,
      ).toEqual([{ message: 'Persist me' }]);
      expect(
        (await client.query('select count(*)::int as n from supabase_migrations.schema_migrations'))
          .rows[0].n,
      ).toBe((await fs.readdir('supabase/migrations')).filter((f) => f.endsWith('.sql')).length);
    } finally {
      await client.end();
      await second.stop();
    }
  }, 90_000); // starts PostgreSQL twice: slow on a busy 2-core machine
});
