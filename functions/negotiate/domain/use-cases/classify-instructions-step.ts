import { classifyInstructions } from "../instruction-classifier";
import { type ModelStepDeps, type StepEvent, StepEventSchema, setStep } from "../negotiation-step";
import { loadStepMessage } from "../step-message";

/** The ClassifyInstructions Task's input: the message it works on, nothing more. */
export const ClassifyInstructionsEventSchema = StepEventSchema;

/** Classifies the merchant's instructions once per negotiation; `ok: false` routes to an escalation. */
export const classifyInstructionsStep = async (
  deps: ModelStepDeps,
  event: StepEvent,
): Promise<{ ok: boolean }> => {
  const { negotiation } = await loadStepMessage(deps.repository, event.negotiationId, event.messageId);
  if (negotiation.classifiedInstructions) {
    await setStep(deps, event, "consulting extraction and escalation experts");
    return { ok: true };
  }
  const result = await classifyInstructions(deps.llm, negotiation.merchantInstructions);
  if (result.ok) await deps.repository.saveClassification(event.negotiationId, result.value);
  await deps.repository.updateMessage(event.negotiationId, event.messageId, (m) => ({
    ...m,
    classifierCall: result.llm,
    classificationFailure: result.ok ? null : result.failure,
    step: result.ok ? "consulting extraction and escalation experts" : "drafting",
  }));
  return { ok: result.ok };
};
