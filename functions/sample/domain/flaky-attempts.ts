import { z } from "zod";
import { DependencyUnavailableError } from "../../core/errors";

/** The error the sample's Retry matches by name (`ErrorEquals: ["SampleTransientError"]`). */
export class SampleTransientError extends DependencyUnavailableError {
  constructor(message: string) {
    super(message, { code: "sample_transient" });
    // Set explicitly: Step Functions matches this name, and a minified bundle renames classes.
    this.name = "SampleTransientError";
  }
}

export const flakyStepInputSchema = z.object({
  /** Identifies one run of the step across its retries: the execution id. */
  attemptKey: z.string().min(1),
  failFirstAttempts: z.number().int().min(0).max(5),
});

export type FlakyStepInput = z.output<typeof flakyStepInputSchema>;

/** Remembers how often each key was attempted. */
export interface AttemptCounter {
  /** Counts one more attempt and returns how many there have been, this one included. */
  countAttempt(key: string): number;
  forget(key: string): void;
}

/**
 * Attempts counted in this process's memory, bounded so a long-running local stack does not grow it.
 * Good enough for a sample: on AWS a retry usually reaches the same warm Lambda container, and when it
 * does not, the count restarts and the Catch path runs instead.
 */
export const createInMemoryAttemptCounter = (capacity = 1000): AttemptCounter => {
  const attempts = new Map<string, number>();
  return {
    countAttempt(key) {
      const count = (attempts.get(key) ?? 0) + 1;
      attempts.delete(key);
      attempts.set(key, count);
      const oldest = attempts.keys().next();
      if (attempts.size > capacity && !oldest.done) attempts.delete(oldest.value);
      return count;
    },
    forget(key) {
      attempts.delete(key);
    },
  };
};

/** Fails the first `failFirstAttempts` attempts with a retryable error, then succeeds. */
export const runFlakyStep = (input: FlakyStepInput, counter: AttemptCounter): { attempts: number } => {
  const attempt = counter.countAttempt(input.attemptKey);
  if (attempt <= input.failFirstAttempts) {
    throw new SampleTransientError(
      `Attempt ${attempt} fails on purpose (the first ${input.failFirstAttempts} attempts are asked to fail)`,
    );
  }
  counter.forget(input.attemptKey);
  return { attempts: attempt };
};
