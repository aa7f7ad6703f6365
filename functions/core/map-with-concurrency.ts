/**
 * Maps `items` through `map` with at most `limit` calls in flight, keeping the input order. Used where a
 * store has no batch read for us (TenantTable has none): parallel enough to be quick, bounded so one
 * request cannot flood the table or the connection pool. The first failure rejects; no new calls start
 * after it.
 */
export const mapWithConcurrency = async <T, R>(
  items: readonly T[],
  limit: number,
  map: (item: T) => Promise<R>,
): Promise<R[]> => {
  if (!Number.isInteger(limit) || limit < 1)
    throw new RangeError(`limit must be a positive integer: ${limit}`);
  const results = new Array<R>(items.length);
  const pending = items.map((item, index) => ({ item, index }));
  let failed = false;
  const worker = async (): Promise<void> => {
    for (let next = pending.shift(); next !== undefined && !failed; next = pending.shift()) {
      try {
        results[next.index] = await map(next.item);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
};
