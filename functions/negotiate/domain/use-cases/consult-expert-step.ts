import { z } from "zod";
import { consultExpert } from "../consult-expert";
import type { ExpertName } from "../experts/types";
import { type ModelStepDeps, StepEventSchema } from "../negotiation-step";
import { loadStepMessage } from "../step-message";

export const ConsultEventSchema = StepEventSchema.extend({
  /** Orchestrator rounds before this consultation: 0 for the first fan-out. */
  round: z.number().int().nonnegative(),
  question: z.string().max(2000).nullable().default(null),
});

export const consultStep = async (
  deps: ModelStepDeps,
  expert: ExpertName,
  event: z.infer<typeof ConsultEventSchema>,
): Promise<{ opinionKey: string }> => {
  const { context } = await loadStepMessage(deps.repository, event.negotiationId, event.messageId);
  const opinions = await deps.repository.listOpinions(event.negotiationId, event.messageId);
  const opinion = await consultExpert(deps.llm, expert, context, opinions, event.question);
  const opinionKey = `r${String(event.round).padStart(2, "0")}-${expert}`;
  await deps.repository.putOpinion(event.negotiationId, event.messageId, opinionKey, opinion);
  return { opinionKey };
};
