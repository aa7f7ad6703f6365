/**
 * The one seeded pseudo-random generator (mulberry32), in [0, 1): the same seed gives the same sequence on
 * every run, so generated corpora, demo data and benches are reproducible.
 */
export const seededRandom = (seed: number): (() => number) => {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};
