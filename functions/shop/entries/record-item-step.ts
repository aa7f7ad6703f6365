import { parseOrThrow } from "../../core/validation";
import {
  itemEventSchema,
  queriesStepOutputSchema,
  rankStepOutputSchema,
} from "../domain/runs/run-step-events";
import { recordItem } from "../domain/use-cases/record-item";
import { runRepositoryFor } from "../wiring/step-table";

const eventSchema = itemEventSchema.extend({
  // null until the state that fills them ran (the Map's ItemSelector starts them so).
  queries: queriesStepOutputSchema.nullable(),
  ranked: rankStepOutputSchema.nullable(),
});

/** Map item, last step: the item's recommendation, written to the run; a small summary back to the Map. */
export const handler = async (event: unknown) => {
  const { tenant, ...args } = parseOrThrow(eventSchema, event, "RecordItem event");
  return recordItem({ runs: runRepositoryFor(tenant) }, args);
};
