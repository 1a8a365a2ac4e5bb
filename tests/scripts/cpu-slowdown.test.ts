import { describe, expect, it } from 'vitest';
import { calculatorSlowdown, calibratedSlowdown } from '../../bench/lib/cpu-slowdown.mjs';

describe('calculatorSlowdown (Lighthouse’s CPU throttling calculator)', () => {
  it('gives the calculator’s anchors and the slope above them', () => {
    expect(calculatorSlowdown(100)).toBe(1);
    expect(calculatorSlowdown(150)).toBe(1);
    expect(calculatorSlowdown(800)).toBe(2);
    expect(calculatorSlowdown(1300)).toBe(3);
    expect(calculatorSlowdown(1533)).toBe(4);
    expect(calculatorSlowdown(2000)).toBeCloseTo(6.0, 1);
    // The hosts the issue names: 2,662 → 8.8×, 3,620 → 13×.
    expect(calculatorSlowdown(2662)).toBeCloseTo(8.85, 2);
    expect(calculatorSlowdown(3620)).toBeCloseTo(12.96, 2);
  });

  it('refuses what is not an index', () => {
    expect(() => calculatorSlowdown(Number.NaN)).toThrow(/benchmark index/);
    expect(() => calculatorSlowdown(0)).toThrow(/benchmark index/);
  });
});

describe('calibratedSlowdown', () => {
  it('is never below Lighthouse’s default of 4', () => {
    expect(calibratedSlowdown(900)).toBe(4);
    expect(calibratedSlowdown(3620)).toBeCloseTo(12.96, 2);
  });
});
