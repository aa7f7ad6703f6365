import { parseOrThrow } from "../core/validation";
import { type ProcessedSampleItem, processSampleItem, sampleItemSchema } from "./domain/sample-item";

/** Sample workflow, Map iteration: processes one item. */
export const handler = async (event: unknown): Promise<ProcessedSampleItem> =>
  processSampleItem(parseOrThrow(sampleItemSchema, event, "sample item"));
