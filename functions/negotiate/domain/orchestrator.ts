import type { LlmPort } from "../../core/llm/llm-port";
import { callPrompt, type PromptCallResult } from "./experts/llm-call";
import { buildOrchestratorPrompt } from "./experts/prompts";
import type { OrchestratorDecision, OrchestratorInput } from "./experts/types";

/** A bug-prevention safety valve, not a decision override: after this many rounds, a person decides. */
export const MAX_ITERATIONS = 10;

/**
 * One orchestrator round: the model sees everything (order, rules, triggers, special instructions, the
 * opinions so far, its own earlier decisions) and either acts or asks an expert a question. Its decision
 * is returned as the model gave it; nothing here overrides it.
 */
export const decideNextStep = (
  llm: LlmPort,
  input: OrchestratorInput,
): Promise<PromptCallResult<OrchestratorDecision>> => callPrompt(llm, buildOrchestratorPrompt(input));

/** The decision when the loop ran MAX_ITERATIONS rounds without the orchestrator being ready. */
export const safetyValveDecision = (): OrchestratorDecision => ({
  readyToAct: true,
  action: "escalate",
  reasoning: `The orchestrator was not ready to act after ${MAX_ITERATIONS} rounds (safety valve): a person decides.`,
  nextExpert: null,
  questionForExpert: null,
  counterTerms: null,
});

/** The decision when no model could decide (offline, or the orchestrator's model failed). */
export const modelUnavailableDecision = (failure: {
  code: string;
  message: string;
}): OrchestratorDecision => ({
  readyToAct: true,
  action: "escalate",
  reasoning:
    failure.code === "llm_not_configured"
      ? // The failure's message already says why there is no model: said once, not twice.
        `The experts cannot run without a model, so a person decides: ${failure.message}.`
      : `The orchestrator's model failed (${failure.code}), so no decision was made: a person decides. ${failure.message}`,
  nextExpert: null,
  questionForExpert: null,
  counterTerms: null,
});

/**
 * What a failed workflow step reported, readable: Step Functions passes a Lambda's error as its type and
 * a Cause that is often the runtime's JSON (`{"errorType","errorMessage","trace"}`).
 */
export const stepFailureOf = (failure: {
  Error: string;
  Cause: string;
}): { code: string; message: string } => {
  let message = failure.Cause;
  try {
    const parsed = JSON.parse(failure.Cause) as { errorMessage?: unknown };
    if (typeof parsed.errorMessage === "string") message = parsed.errorMessage;
  } catch {
    // A plain-text Cause (States.Timeout, Sandbox.Timedout) is the message itself.
  }
  return { code: failure.Error, message: message.slice(0, 500) };
};

/** The decision when a workflow step failed (its model hung past the step's time, or anything else). */
export const stepFailedDecision = (failure: { code: string; message: string }): OrchestratorDecision => ({
  readyToAct: true,
  action: "escalate",
  reasoning:
    `A step of the workflow failed (${failure.code}), so no decision was made: a person decides. ${failure.message}`.trim(),
  nextExpert: null,
  questionForExpert: null,
  counterTerms: null,
});
