/** Nearest-rank percentile (p from 0 to 100) of unsorted samples; NaN when there are none. */
export const percentile = (values: readonly number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return (
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN
  );
};

export const median = (values: readonly number[]): number => percentile(values, 50);

/** Times `runs` sequential calls (each given its index) and gives their p50 and p99 in ms. */
export const timeRuns = async (
  runs: number,
  run: (i: number) => Promise<unknown>,
): Promise<{ p50: number; p99: number }> => {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await run(i);
    samples.push(performance.now() - started);
  }
  return { p50: percentile(samples, 50), p99: percentile(samples, 99) };
};

/** The positive integers given on the command line (row counts, sizes), or the fallback when none. */
export const sizesFromArgs = (fallback: readonly number[]): number[] => {
  const sizes = process.argv
    .slice(2)
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
  return sizes.length > 0 ? sizes : [...fallback];
};
