/** A deterministic xorshift generator in [0, 1): the same seed gives the same corpus on every run. */
export const seededRandom = (seed: number): (() => number) => {
  let state = seed;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x1_0000_0000;
  };
};
