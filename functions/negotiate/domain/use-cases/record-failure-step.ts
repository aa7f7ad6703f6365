import { z } from "zod";
import { type StepDeps, StepEventSchema } from "../negotiation-step";

export const RecordFailureEventSchema = StepEventSchema.extend({
  failure: z.object({ Error: z.string().default("States.Runtime"), Cause: z.string().default("") }),
});

export const recordFailureStep = async (
  deps: StepDeps,
  event: z.infer<typeof RecordFailureEventSchema>,
): Promise<{ status: "failed" }> => {
  await deps.repository.updateMessage(event.negotiationId, event.messageId, (m) => ({
    ...m,
    status: "failed",
    step: null,
    taskToken: null,
    failure: { error: event.failure.Error, cause: event.failure.Cause.slice(0, 2000) },
  }));
  return { status: "failed" };
};
