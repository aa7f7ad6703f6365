import { z } from "zod";
import { consultExpert } from "../consult-expert";
import { screenQuestionForExpert } from "../expert-question-screen";
import { type ModelStepDeps, StepEventSchema } from "../negotiation-step";
import type { ExpertName } from "../roles/types";
import { loadStepMessage } from "../step-message";

export const ConsultExpertEventSchema = StepEventSchema.extend({
  /** Orchestrator rounds before this consultation: 0 for the first fan-out. */
  round: z.number().int().nonnegative(),
  question: z.string().max(2000).nullable().default(null),
});

export const consultExpertStep = async (
  deps: ModelStepDeps,
  expert: ExpertName,
  event: z.infer<typeof ConsultExpertEventSchema>,
): Promise<{ opinionKey: string }> => {
  const { negotiation, context } = await loadStepMessage(
    deps.repository,
    event.negotiationId,
    event.messageId,
  );
  const opinions = await deps.repository.listOpinions(event.negotiationId, event.messageId);
  // The orchestrator's free-text question is checked before the expert sees it (seed 003's tailored inputs).
  const { question } = screenQuestionForExpert(
    expert,
    event.question,
    context,
    negotiation.merchantInstructions,
  );
  const opinion = await consultExpert(deps.llm, expert, context, opinions, question);
  const opinionKey = `r${String(event.round).padStart(2, "0")}-${expert}`;
  await deps.repository.putOpinion(event.negotiationId, event.messageId, opinionKey, opinion);
  return { opinionKey };
};
