import { z } from "zod";
import type { LlmPort } from "../../core/llm/llm-port";
import type { NegotiationRepository } from "./ports/negotiation-repository";

/**
 * What every step of the negotiation workflow (statemachines/negotiation.asl.json) gets: states carry
 * ids and small routing values; opinions, rounds and the response live in the table, read by key.
 */
export interface StepDeps {
  repository: NegotiationRepository;
  now: () => Date;
}
export interface ModelStepDeps extends StepDeps {
  llm: LlmPort;
}

export const StepEventSchema = z.object({
  tenant: z.string().min(1),
  negotiationId: z.string().min(1),
  messageId: z.string().min(1),
});
export type StepEvent = z.infer<typeof StepEventSchema>;

/** Records where the message is, for the status endpoint. */
export const setStep = (deps: StepDeps, event: StepEvent, step: string) =>
  deps.repository.updateMessage(event.negotiationId, event.messageId, (m) => ({ ...m, step }));
