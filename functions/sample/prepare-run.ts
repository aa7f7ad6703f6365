import { parseOrThrow } from "../core/validation";
import { type SampleRunInput, sampleRunInputSchema } from "./domain/sample-run-input";

/** Sample workflow, first state: validates the execution input (a ValidationError fails the run). */
export const handler = async (event: unknown): Promise<SampleRunInput> =>
  parseOrThrow(sampleRunInputSchema, event, "sample run input");
