import { parseOrThrow } from "../core/validation";
import { createInMemoryAttemptCounter, flakyStepInputSchema, runFlakyStep } from "./domain/flaky-attempts";

const attemptCounter = createInMemoryAttemptCounter();

/** Sample workflow, the Retry/Catch target: fails its first attempts on purpose when asked to. */
export const handler = async (event: unknown): Promise<{ attempts: number }> =>
  runFlakyStep(parseOrThrow(flakyStepInputSchema, event, "flaky step input"), attemptCounter);
