import { z } from "zod";
import { parseOrThrow } from "../core/validation";
import { caughtErrorSchema, type FailureReport, reportFlakyStepFailure } from "./domain/failure-report";

const handleFailureInputSchema = z.object({ failure: caughtErrorSchema });

/** Sample workflow, the Catch route: reports the caught error before the run fails with it. */
export const handler = async (event: unknown): Promise<FailureReport> =>
  reportFlakyStepFailure(parseOrThrow(handleFailureInputSchema, event, "caught error").failure);
