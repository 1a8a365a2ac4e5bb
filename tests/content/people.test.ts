import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** The `name:` of every YAML entry of a collection. */
const names = (folder: string) =>
  readdirSync(`src/content/${folder}`)
    .filter((file) => file.endsWith('.yaml'))
    .map((file) => /^name: (.+)$/m.exec(readFileSync(`src/content/${folder}/${file}`, 'utf8'))![1]);

describe('people in the content', () => {
  it('never shows a team member as a client giving a testimonial', () => {
    const team = names('team');
    const clients = names('testimonials');
    expect(team.length).toBeGreaterThan(0);
    expect(clients.length).toBeGreaterThan(0);
    const surnames = new Set(team.map((name) => name.split(' ').at(-1)));
    expect(clients.filter((name) => team.includes(name))).toEqual([]);
    // Nor a client who looks like a relative of the team (same surname): a buyer would wonder.
    expect(clients.filter((name) => surnames.has(name.split(' ').at(-1)))).toEqual([]);
  });
});
