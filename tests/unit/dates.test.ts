import { describe, expect, it } from 'vitest';
import { formatDateFr, isoDate, readTimeFr } from '../../src/lib/content/dates';

const NBSP = '\u00a0';

describe('formatDateFr', () => {
  it('writes day, French month name and year with no-break spaces', () => {
    expect(formatDateFr(new Date('2024-01-15'))).toBe(`15${NBSP}janvier${NBSP}2024`);
    expect(formatDateFr(new Date('2023-12-04'))).toBe(`4${NBSP}décembre${NBSP}2023`);
    expect(formatDateFr(new Date('2024-08-31'))).toBe(`31${NBSP}août${NBSP}2024`);
  });

  it('writes the first of the month as « 1er »', () => {
    expect(formatDateFr(new Date('2024-02-01'))).toBe(`1er${NBSP}février${NBSP}2024`);
  });

  it('reads dates in UTC, whatever the time of day', () => {
    expect(formatDateFr(new Date('2024-01-15T23:30:00Z'))).toBe(`15${NBSP}janvier${NBSP}2024`);
    expect(formatDateFr(new Date('2024-01-15T00:10:00Z'))).toBe(`15${NBSP}janvier${NBSP}2024`);
  });

  it('refuses an invalid date', () => {
    expect(() => formatDateFr(new Date('pas une date'))).toThrow(RangeError);
  });
});

describe('isoDate', () => {
  it('gives YYYY-MM-DD for <time datetime> and JSON-LD', () => {
    expect(isoDate(new Date('2024-01-15T10:00:00Z'))).toBe('2024-01-15');
    expect(() => isoDate(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe('readTimeFr', () => {
  it('gives whole minutes, at least one, with a no-break space', () => {
    expect(readTimeFr(5)).toBe(`5${NBSP}min de lecture`);
    expect(readTimeFr(0.2)).toBe(`1${NBSP}min de lecture`);
    expect(readTimeFr(6.6)).toBe(`7${NBSP}min de lecture`);
  });
});
