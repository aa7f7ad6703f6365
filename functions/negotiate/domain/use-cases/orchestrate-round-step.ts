import { z } from "zod";
import { orchestratorInputFor } from "../message-context";
import { type ModelStepDeps, StepEventSchema, setStep } from "../negotiation-step";
import { decideNextStep } from "../orchestrator";
import { type ExpertName, ExpertNameSchema, OrchestratorTraceEntrySchema } from "../roles/types";
import { loadStepMessage } from "../step-message";

export const OrchestrateRoundEventSchema = StepEventSchema.extend({
  previousRound: z.number().int().nonnegative(),
});

/** What the Choice state routes on. */
export interface OrchestrateRoundResult {
  round: number;
  readyToAct: boolean;
  nextExpert: ExpertName | null;
  questionForExpert: string | null;
  /** Set when the orchestrator's model failed: the Choice sends the message to be escalated. */
  modelFailure: { code: string; message: string } | null;
}

export const orchestrateRoundStep = async (
  deps: ModelStepDeps,
  event: z.infer<typeof OrchestrateRoundEventSchema>,
): Promise<OrchestrateRoundResult> => {
  const round = event.previousRound + 1;
  await setStep(deps, event, `orchestrating (round ${round})`);
  const { context } = await loadStepMessage(deps.repository, event.negotiationId, event.messageId);
  const [opinions, trace] = await Promise.all([
    deps.repository.listOpinions(event.negotiationId, event.messageId),
    deps.repository.listTrace(event.negotiationId, event.messageId),
  ]);
  const prior = trace.filter((t) => t.iteration < round).map((t) => t.decision);
  const result = await decideNextStep(deps.llm, orchestratorInputFor(context, opinions, prior));
  if (!result.ok) {
    return {
      round,
      readyToAct: true,
      nextExpert: null,
      questionForExpert: null,
      modelFailure: result.failure,
    };
  }
  const decision = result.value;
  await deps.repository.putTraceEntry(
    event.negotiationId,
    event.messageId,
    OrchestratorTraceEntrySchema.parse({ iteration: round, decision, llm: result.llm }),
  );
  if (!decision.readyToAct && decision.nextExpert) {
    await setStep(deps, event, `consulting the ${decision.nextExpert} expert (round ${round})`);
  }
  return {
    round,
    readyToAct: decision.readyToAct,
    nextExpert: decision.readyToAct ? null : ExpertNameSchema.parse(decision.nextExpert),
    questionForExpert: decision.questionForExpert,
    modelFailure: null,
  };
};
