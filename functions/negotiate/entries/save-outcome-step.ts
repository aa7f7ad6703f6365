import { tableStep } from "../wiring/negotiation-table-step-wiring";

/** Negotiation workflow, SaveOutcome: records the reviewer's decision and the approved reply. */
export const handler = tableStep("NegotiateSaveOutcome");
