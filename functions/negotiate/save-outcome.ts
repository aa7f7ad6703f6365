import { parseOrThrow } from "../core/validation";
import { SaveEventSchema, saveOutcomeStep } from "./domain/workflow-steps";
import { stepDepsFor } from "./negotiation-table-wiring";

/** Negotiation workflow, Save: records the reviewer's decision and the approved reply. */
export const handler = async (event: unknown) => {
  const parsed = parseOrThrow(SaveEventSchema, event, "save outcome event");
  return saveOutcomeStep(stepDepsFor(parsed.tenant), parsed);
};
