/** Nearest-rank percentile (p from 0 to 100) of unsorted samples; NaN when there are none. */
export const percentile = (values: readonly number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return (
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN
  );
};

export const median = (values: readonly number[]): number => percentile(values, 50);
