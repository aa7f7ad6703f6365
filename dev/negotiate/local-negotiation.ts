import { Logger } from "@aws-lambda-powertools/logger";
import { prefixedIdMaker } from "../../functions/core/ids";
import type { LlmPort } from "../../functions/core/llm/llm-port";
import type { AgentProcessResponse } from "../../functions/negotiate/domain/agent-process-response";
import type { Review } from "../../functions/negotiate/domain/negotiation";
import type { NegotiationDeps } from "../../functions/negotiate/domain/negotiation-deps";
import type { ClassifiedInstructions, OrderContext } from "../../functions/negotiate/domain/roles/types";
import { createNegotiation } from "../../functions/negotiate/domain/use-cases/create-negotiation";
import { receiveSupplierMessage } from "../../functions/negotiate/domain/use-cases/receive-supplier-message";
import { reviewMessage } from "../../functions/negotiate/domain/use-cases/review-message";
import { NEGOTIATION_MODEL_STEPS } from "../../functions/negotiate/wiring/negotiation-model-steps";
import type {
  NegotiationModelStepSources,
  NegotiationStepHandler,
} from "../../functions/negotiate/wiring/negotiation-step-handlers";
import { NEGOTIATION_TABLE_STEPS } from "../../functions/negotiate/wiring/negotiation-table-steps";
import { negotiateArea } from "../../lib/areas/negotiate";
import { createLocalWorkflowRunner, type LocalWorkflowRunner } from "../workflow-runner";
import { createInMemoryNegotiationRepository } from "./in-memory-negotiation-repository";

export interface ProcessedEmail {
  messageId: string;
  /** The drafted response the AwaitReview step waits on (null when the execution failed before it). */
  response: AgentProcessResponse | null;
  classifiedInstructions: ClassifiedInstructions | null;
  /** The execution's steps so far, as the runner describes them (ClassifyInstructions, Consult…, CraftResponse, AwaitReview). */
  steps: string[];
}

/** One negotiation thread run by the real workflow, in this process. */
export interface LocalNegotiation {
  readonly negotiationId: string;
  readonly runner: LocalWorkflowRunner;
  /** Posts the supplier's email and resolves once its workflow waits for the review (or has ended). */
  receive(supplierMessage: string): Promise<ProcessedEmail>;
  /** Approves the reply (the given text, else the draft): it joins the thread the next email sees. */
  approve(messageId: string, text?: string): Promise<void>;
  reject(messageId: string): Promise<void>;
  /** Any review (approve, reject, escalate), as the review endpoint takes it; resolves once saved. */
  review(messageId: string, review: Review): Promise<void>;
  stop(): Promise<void>;
}

export interface LocalNegotiationInput {
  orderContext: OrderContext;
  merchantInstructions: string;
  supplierName?: string;
  /** Stored on the negotiation as if classified before, so the ClassifyInstructions step reuses them. */
  classifiedInstructions?: ClassifiedInstructions;
}

const TENANT = "local";

/**
 * The workflow's Lambda Tasks, keyed by the function ids of the step tables (functions/negotiate/wiring/
 * negotiation-*-steps.ts, which the entries read too): each runs its step's use case through the same step
 * scope (negotiation-step-handlers.ts), with the records in memory instead of the deployed table.
 */
const localStepHandlers = (sources: NegotiationModelStepSources): Record<string, NegotiationStepHandler> => ({
  ...Object.fromEntries(
    Object.entries(NEGOTIATION_MODEL_STEPS).map(([id, step]) => [id, step.handlerFor(sources)]),
  ),
  ...Object.fromEntries(
    Object.entries(NEGOTIATION_TABLE_STEPS).map(([id, step]) => [id, step.handlerFor(sources)]),
  ),
});
const POLL_MS = 2;

/**
 * The negotiation as deployed, without AWS: statemachines/negotiation.asl.json in the local ASL runner,
 * every Task bound to the use case its Lambda entry runs, through the same step scope (functions/negotiate/wiring), the
 * records in memory and the model given. The CLI (`npm run pipeline`), the bench and the tests run
 * negotiations through it, so there is one implementation of the workflow.
 */
export const startLocalNegotiation = async (
  llm: LlmPort,
  input: LocalNegotiationInput,
): Promise<LocalNegotiation> => {
  const repository = createInMemoryNegotiationRepository();
  const logger = new Logger({ serviceName: "local-negotiation", logLevel: "SILENT" });
  const sources: NegotiationModelStepSources = {
    logger,
    repositoryFor: () => repository,
    now: () => new Date(),
    llm,
  };
  const handlers = localStepHandlers(sources);
  const runner = await createLocalWorkflowRunner({
    workflows: negotiateArea.workflows,
    findFunction: (id) => negotiateArea.functions.find((fn) => fn.id === id),
    loadHandler: async (fn) => {
      const handler = handlers[fn.id];
      if (!handler) throw new Error(`No local handler for ${fn.id}`);
      return (event, context) => handler(event, context);
    },
    retryIntervalMs: 0,
    logger,
  });
  const deps: NegotiationDeps = {
    tenant: TENANT,
    repository,
    workflows: runner,
    now: () => new Date(),
    newNegotiationId: prefixedIdMaker("neg"),
  };
  const { negotiationId } = await createNegotiation(deps, {
    orderContext: input.orderContext,
    merchantInstructions: input.merchantInstructions,
    supplier: { name: input.supplierName ?? "Supplier" },
  });
  if (input.classifiedInstructions) {
    await repository.saveClassification(negotiationId, input.classifiedInstructions);
  }

  const executionIdOf = async (messageId: string): Promise<string> => {
    for (;;) {
      const message = await repository.getMessage(negotiationId, messageId);
      if (message?.executionId) return message.executionId;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  };

  return {
    negotiationId,
    runner,
    async receive(supplierMessage) {
      const { messageId } = await receiveSupplierMessage(deps, negotiationId, supplierMessage);
      const executionId = await executionIdOf(messageId);
      for (;;) {
        const [message, execution] = await Promise.all([
          repository.getMessage(negotiationId, messageId),
          runner.describe(executionId),
        ]);
        if (message?.status === "awaiting_review" || execution.status !== "RUNNING") {
          const negotiation = await repository.getNegotiation(negotiationId);
          return {
            messageId,
            response: message?.response ?? null,
            classifiedInstructions: negotiation?.classifiedInstructions ?? null,
            steps: execution.steps.map((step) => step.name),
          };
        }
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    },
    async approve(messageId, text) {
      await reviewMessage(deps, negotiationId, messageId, {
        decision: "approve",
        ...(text === undefined ? {} : { text }),
      });
      await runner.waitForExecution(await executionIdOf(messageId));
    },
    async review(messageId, review) {
      await reviewMessage(deps, negotiationId, messageId, review);
      await runner.waitForExecution(await executionIdOf(messageId));
    },
    async reject(messageId) {
      await reviewMessage(deps, negotiationId, messageId, { decision: "reject" });
      await runner.waitForExecution(await executionIdOf(messageId));
    },
    stop: () => runner.stop(),
  };
};
