import type { z } from "zod";
import type { LlmPort } from "../../core/llm/llm-port";
import { hasLambdaClock, type RemainingTime, stepModelDeadline } from "../../core/llm/model-deadline";
import type { Logger } from "../../core/logger";
import { withRequestScope } from "../../core/request-scope";
import { parseOrThrow } from "../../core/validation";
import type { ModelStepDeps, StepDeps, StepEvent } from "../domain/negotiation-step";
import type { NegotiationRepository } from "../domain/ports/negotiation-repository";

/** A Lambda Task of the negotiation workflow, as its entry exports it (and the local ASL run binds it). */
export type NegotiationStepHandler = (event: unknown, context?: RemainingTime) => Promise<unknown>;

/** What a step's deps are built from: the deployed table (the step wirings) or the local run's memory. */
export interface NegotiationStepSources {
  logger: Logger;
  repositoryFor(tenant: string): NegotiationRepository;
  now: () => Date;
}

export interface NegotiationModelStepSources extends NegotiationStepSources {
  llm: LlmPort;
}

/** A step that only reads and writes the table: its Task input parsed, its tenant's deps, one use case. */
export const tableStepHandler =
  <E extends StepEvent, R>(
    sources: NegotiationStepSources,
    schema: z.ZodType<E>,
    step: string,
    run: (deps: StepDeps, event: E) => Promise<R>,
  ): NegotiationStepHandler =>
  async (event) => {
    const parsed = parseOrThrow(schema, event, `${step} event`);
    return run({ repository: sources.repositoryFor(parsed.tenant), now: sources.now }, parsed);
  };

/**
 * A model step, in the core request scope: its model bounded by the step's deadline (the Lambda's
 * remaining time less the offline reserve, model-deadline.ts), so a model that hangs fails as
 * LlmUnavailable in time for the step's fallback (an escalation with the reason) to be written and no
 * step reaches its Lambda timeout; its usage logged once. A context without the clock bounds nothing.
 */
export const modelStepHandler =
  <E extends StepEvent, R>(
    sources: NegotiationModelStepSources,
    schema: z.ZodType<E>,
    step: string,
    run: (deps: ModelStepDeps, event: E) => Promise<R>,
  ): NegotiationStepHandler =>
  async (event, context) => {
    const parsed = parseOrThrow(schema, event, `${step} event`);
    const deadline = hasLambdaClock(context) ? stepModelDeadline(context) : undefined;
    return withRequestScope(
      sources.llm,
      {
        tenant: parsed.tenant,
        logger: sources.logger,
        deadline,
        logContext: { step, negotiationId: parsed.negotiationId, messageId: parsed.messageId },
      },
      (scope) =>
        run({ repository: sources.repositoryFor(scope.tenant), now: sources.now, llm: scope.llm }, parsed),
    );
  };
