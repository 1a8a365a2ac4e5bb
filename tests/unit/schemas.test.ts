import { describe, expect, it } from 'vitest';
import { slotWeekSchema } from '../../src/schemas/booking';
import { projectSchema } from '../../src/schemas/projects';
import { pageSchema } from '../../src/schemas/pages';

const day = (name: string, times: string[]) => ({ day: name, label: name, times });
const week = (mondayTimes: string[]) => ({
  consultation: 'decouverte',
  slotLabel: 'Créneaux',
  days: [
    day('lundi', mondayTimes),
    ...['mardi', 'mercredi', 'jeudi', 'vendredi'].map((d) => day(d, ['09:00', '10:00', '11:00'])),
  ],
});

describe('content schemas', () => {
  it('accepts a week of 3 to 4 slots a day between 09:00 and 16:59', () => {
    expect(slotWeekSchema.safeParse(week(['09:00', '10:30', '14:00', '16:00'])).success).toBe(true);
  });

  it('refuses a slot outside 09:00–16:59 and names the field', () => {
    const result = slotWeekSchema.safeParse(week(['08:00', '10:30', '14:00']));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].path).toEqual(['days', 0, 'times', 0]);
    expect(result.error?.issues[0].message).toMatch(/entre 09:00 et 16:59/);
  });

  it('refuses a day with more than four slots', () => {
    expect(
      slotWeekSchema.safeParse(week(['09:00', '10:00', '11:00', '14:00', '15:00'])).success,
    ).toBe(false);
  });

  it('refuses an unknown block type and an unknown project category', () => {
    const page = {
      meta: { title: 'T', description: 'x'.repeat(60) },
      hero: { title: 'H' },
      blocks: [{ type: 'carousel' }],
    };
    const result = pageSchema.safeParse(page);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].path).toEqual(['blocks', 0, 'type']);
    const project = projectSchema.safeParse({ category: 'jardinage' });
    expect(project.error?.issues.some((issue) => issue.path[0] === 'category')).toBe(true);
  });
});
