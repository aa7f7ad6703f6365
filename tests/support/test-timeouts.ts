/**
 * The one setting for slow machines: `TEST_TIMEOUT_SCALE` (a positive number, default 1) multiplies every
 * test, hook and wait timeout, in vitest.config.ts and in the tests (through `scaledTimeout`). A timeout
 * here bounds a hang; it never decides whether a behaviour is right, so raising it cannot hide a bug.
 */
const readScale = (raw: string | undefined): number => {
  if (raw === undefined || raw === "") return 1;
  const scale = Number(raw);
  if (!Number.isFinite(scale) || scale <= 0)
    throw new Error(`TEST_TIMEOUT_SCALE must be a positive number, got "${raw}"`);
  return scale;
};

export const TEST_TIMEOUT_SCALE = readScale(process.env.TEST_TIMEOUT_SCALE);

/** `ms` scaled by TEST_TIMEOUT_SCALE, for a wait's or a test's upper bound. */
export const scaledTimeout = (ms: number): number => Math.round(ms * TEST_TIMEOUT_SCALE);

/** The default bounds, before scaling: generous, since a busy 2-core CI machine is several times slower. */
export const UNIT_TEST_TIMEOUT_MS = 20_000;
export const INTEGRATION_TEST_TIMEOUT_MS = 120_000;

/** A CDK synth of the whole app (every area's Lambdas, cdk-nag) took 66 s beside other jobs on 2 cores. */
export const SYNTH_TIMEOUT_MS = 240_000;
