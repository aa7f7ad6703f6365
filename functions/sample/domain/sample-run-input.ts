import { z } from "zod";

/**
 * What the sample workflow is started with. Bounded, because the Map fans out over `items` and the
 * Choice loop runs `loopBound` rounds: a caller cannot make the sample run long.
 */
export const sampleRunInputSchema = z.object({
  items: z.array(z.string().trim().min(1).max(100)).min(1).max(40),
  loopBound: z.number().int().min(0).max(10),
  /** How many attempts of the flaky step fail on purpose before one succeeds. */
  failFirstAttempts: z.number().int().min(0).max(5).default(0),
});

export type SampleRunInput = z.output<typeof sampleRunInputSchema>;
