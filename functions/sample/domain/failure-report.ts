import { z } from "zod";

/** What a Catch puts at its ResultPath: the error name and the cause text. */
export const caughtErrorSchema = z.object({
  Error: z.string(),
  Cause: z.string().optional(),
});

export type CaughtError = z.output<typeof caughtErrorSchema>;

export interface FailureReport {
  /** The error the workflow ends with (its Fail state reads it). */
  error: "SampleFlakyStepFailed";
  /** The error the flaky step raised last. */
  caughtError: string;
  summary: string;
}

/** A Lambda error's Cause is the runtime's JSON (`errorType`, `errorMessage`, `trace`); other causes are text. */
const messageOfCause = (cause: string | undefined): string => {
  if (!cause) return "no cause given";
  try {
    const parsed = z.object({ errorMessage: z.string() }).safeParse(JSON.parse(cause));
    return parsed.success ? parsed.data.errorMessage : cause;
  } catch {
    return cause;
  }
};

/** Turns the flaky step's caught error into the report the failure path records. */
export const reportFlakyStepFailure = (caught: CaughtError): FailureReport => ({
  error: "SampleFlakyStepFailed",
  caughtError: caught.Error,
  summary: `The flaky step gave up after its retries: ${caught.Error}: ${messageOfCause(caught.Cause)}`,
});
