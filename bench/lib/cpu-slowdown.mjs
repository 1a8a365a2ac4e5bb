// The CPU slowdown a benchmark applies on this machine: what Lighthouse's CPU throttling calculator
// gives for the machine's benchmark index (Lighthouse's `environment.benchmarkIndex`), as PageSpeed
// Insights calibrates its own hosts, never below Lighthouse's default of 4. How and why:
// bench/README.md.

/** The least slowdown a figure is taken at: Lighthouse's default mobile CPU slowdown. */
export const MIN_CPU_SLOWDOWN = 4;

/**
 * Lighthouse's CPU throttling calculator: the slowdown that makes a machine of `benchmarkIndex`
 * behave like the phone Lighthouse's mobile preset stands for. Linear between its anchors
 * (150 → 1×, 800 → 2×, 1,300 → 3×), then one more per 233 points of index.
 * @param {number} benchmarkIndex
 */
export function calculatorSlowdown(benchmarkIndex) {
  if (!(benchmarkIndex > 0)) throw new Error(`Not a CPU benchmark index: ${benchmarkIndex}`);
  if (benchmarkIndex >= 1300) return 3 + (benchmarkIndex - 1300) / 233;
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500;
  if (benchmarkIndex >= 150) return 1 + (benchmarkIndex - 150) / 650;
  return 1;
}

/**
 * The slowdown figures are taken at on a machine of `benchmarkIndex`: the calculator's, at least
 * {@link MIN_CPU_SLOWDOWN}.
 * @param {number} benchmarkIndex
 */
export const calibratedSlowdown = (benchmarkIndex) =>
  Math.max(MIN_CPU_SLOWDOWN, calculatorSlowdown(benchmarkIndex));
