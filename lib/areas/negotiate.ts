import type { NegotiateApiDeps } from "../../functions/negotiate/http/create-negotiate-app";
import type { NegotiationModelStepId } from "../../functions/negotiate/wiring/negotiation-model-steps";
import type { NegotiationTableStepId } from "../../functions/negotiate/wiring/negotiation-table-steps";
import type { AreaDefinition, FunctionDefinition } from "../definition-types";
import { describedApp } from "../described-app";

/** A model call's budget (LLM_TIMEOUT_MS, 60 s) plus the table reads and writes around it. */
const modelStepTimeoutSeconds = 90;

/** A step's function id: a key of the step tables its entry and the local runner read. */
type NegotiationStepId = NegotiationModelStepId | NegotiationTableStepId;

const step = (
  id: NegotiationStepId,
  file: string,
  description: string,
  needs: FunctionDefinition["needs"],
): FunctionDefinition => ({
  id,
  entry: `functions/negotiate/entries/${file}`,
  handler: "handler",
  description,
  needs,
  timeoutSeconds: needs.includes("llm") ? modelStepTimeoutSeconds : 10,
});

/**
 * The negotiate area (seed 003): supplier emails handled by expert opinions and an orchestrator loop, as
 * a Standard workflow with a human review step. One Lambda per expert, the orchestrator, the response
 * crafter and the instruction classifier; the API starts a run per supplier email and resumes its review.
 */
export const negotiateArea: AreaDefinition = {
  area: "negotiate",
  describeApi: () =>
    describedApp<NegotiateApiDeps>(
      "negotiate",
      async () => (await import("../../functions/negotiate/http/create-negotiate-app")).createNegotiateApp,
      { maxBodyBytes: undefined },
    ),
  functions: [
    {
      id: "NegotiateApi",
      entry: "functions/negotiate/entries/api.ts",
      handler: "handler",
      description: "Negotiations, supplier messages and their review, the outreach draft",
      needs: ["table", "workflows", "llm", "cursors"],
      timeoutSeconds: 29,
    },
    step(
      "NegotiateClassifyInstructions",
      "classify-instructions-step.ts",
      "Negotiation: splits the merchant's instructions into rules, triggers and special instructions",
      ["table", "llm"],
    ),
    step(
      "NegotiateConsultExtractionExpert",
      "consult-extraction-expert-step.ts",
      "Negotiation: the extraction expert (what the supplier stated)",
      ["table", "llm"],
    ),
    step(
      "NegotiateConsultEscalationExpert",
      "consult-escalation-expert-step.ts",
      "Negotiation: the escalation expert (does a trigger fire)",
      ["table", "llm"],
    ),
    step(
      "NegotiateConsultNeedsExpert",
      "consult-needs-expert-step.ts",
      "Negotiation: the needs expert (which gaps matter, what to ask)",
      ["table", "llm"],
    ),
    step(
      "NegotiateOrchestrateRound",
      "orchestrate-round-step.ts",
      "Negotiation: one orchestrator round (decide, or re-consult an expert)",
      ["table", "llm"],
    ),
    step(
      "NegotiateCraftResponse",
      "craft-response-step.ts",
      "Negotiation: drafts the reply and checks it for leaks",
      ["table", "llm"],
    ),
    step("NegotiateAwaitReview", "await-review-step.ts", "Negotiation: keeps the review step's task token", [
      "table",
    ]),
    step("NegotiateSaveOutcome", "save-outcome-step.ts", "Negotiation: records the reviewer's decision", [
      "table",
    ]),
    step(
      "NegotiateEscalateWithoutModel",
      "escalate-without-model-step.ts",
      "Negotiation: escalates with the reason when drafting failed, with no model",
      ["table"],
    ),
    step("NegotiateRecordFailure", "record-failure-step.ts", "Negotiation: marks a failed message", [
      "table",
    ]),
  ],
  routes: [
    { route: "GET /negotiations", functionId: "NegotiateApi" },
    { route: "POST /negotiations", functionId: "NegotiateApi" },
    { route: "GET /negotiations/outreach", functionId: "NegotiateApi" },
    { route: "GET /negotiations/{negotiation_id}", functionId: "NegotiateApi" },
    { route: "POST /negotiations/{negotiation_id}/messages", functionId: "NegotiateApi" },
    { route: "GET /negotiations/{negotiation_id}/messages/{message_id}", functionId: "NegotiateApi" },
    { route: "POST /negotiations/{negotiation_id}/messages/{message_id}/review", functionId: "NegotiateApi" },
    { route: "POST /negotiations/{negotiation_id}/outreach/review", functionId: "NegotiateApi" },
  ],
  workflows: [
    {
      name: "negotiation",
      file: "statemachines/negotiation.asl.json",
      functionSubstitutions: {
        NegotiateClassifyInstructionsFnArn: "NegotiateClassifyInstructions",
        NegotiateConsultExtractionExpertFnArn: "NegotiateConsultExtractionExpert",
        NegotiateConsultEscalationExpertFnArn: "NegotiateConsultEscalationExpert",
        NegotiateConsultNeedsExpertFnArn: "NegotiateConsultNeedsExpert",
        NegotiateOrchestrateRoundFnArn: "NegotiateOrchestrateRound",
        NegotiateCraftResponseFnArn: "NegotiateCraftResponse",
        NegotiateAwaitReviewFnArn: "NegotiateAwaitReview",
        NegotiateSaveOutcomeFnArn: "NegotiateSaveOutcome",
        NegotiateEscalateWithoutModelFnArn: "NegotiateEscalateWithoutModel",
        NegotiateRecordFailureFnArn: "NegotiateRecordFailure",
      } satisfies { [K in NegotiationStepId as `${K}FnArn`]: K },
      // The review waits up to 14 days (the AwaitReview state's TimeoutSeconds); a day more for the rest.
      timeoutSeconds: 15 * 24 * 3600,
    },
  ],
  schedules: [],
};
