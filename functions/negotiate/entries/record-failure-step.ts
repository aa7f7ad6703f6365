import { tableStep } from "../wiring/negotiation-table-step-wiring";

/** Negotiation workflow, RecordFailure: marks the message failed when a step failed for good. */
export const handler = tableStep("NegotiateRecordFailure");
