import { SaveEventSchema, saveOutcomeStep } from "../domain/use-cases/save-outcome-step";
import { tableStep } from "../wiring/negotiation-table-step-wiring";

/** Negotiation workflow, Save: records the reviewer's decision and the approved reply. */
export const handler = tableStep(SaveEventSchema, "save outcome", saveOutcomeStep);
