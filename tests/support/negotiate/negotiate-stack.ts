import { expect, inject, vi } from "vitest";
import { type RunningApiServer, startApiServer } from "../../../dev/api-server";
import { type FakeLlmScript, type FakeLlmServer, startFakeLlmServer } from "../../../dev/fake-llm";
import { loadFunctionHandler } from "../../../dev/load-handler";
import type { NegotiationScenario } from "../../../dev/negotiate/scenarios";
import { REVIEW_STATE } from "../../../dev/paused-reviews";
import { createLocalWorkflowRunner, type LocalWorkflowRunner } from "../../../dev/workflow-runner";
import type { HttpApiHandler } from "../../../functions/core/http/lambda-handler";
import { installLocalWorkflowPort } from "../../../functions/core/workflow/process-workflow-port";
import type { WorkflowExecution } from "../../../functions/core/workflow/workflow-port";
import { allFunctions, allRoutes, allWorkflows } from "../../../lib/areas";
import { type ApiCall, createApiCall } from "../local-api-server";
import { createTestTable } from "../table";
import { waitUntil } from "../wait-until";

export interface NegotiateStack {
  call: ApiCall;
  runner: LocalWorkflowRunner;
  llm: FakeLlmServer;
  /** The execution the API started for a message (its name is `{negotiationId}-{messageId}`). */
  executionIdOf(negotiationId: string, messageId: string): string;
  /** Resolves once the message awaits review (its AwaitReview step stored the token), or the execution ended. */
  untilAwaitingReview(negotiationId: string, messageId: string): Promise<WorkflowExecution>;
  stop(): Promise<void>;
}

/**
 * The negotiate area on the real local parts: the API server with the app's routes and Lambda entries, the
 * negotiation ASL in aws-local-stepfunctions with every Task bound to its Lambda entry, DynamoDB Local, and
 * the official OpenAI SDK talking to the fake LLM server (the handlers read LLM_PROVIDER=openai and
 * OPENAI_BASE_URL from the environment, as a Lambda does at cold start).
 */
export interface NegotiateStackOptions {
  /**
   * The Lambda timeout of the workflow's model steps, as the local runner enforces it (`Sandbox.Timedout`)
   * and reports it to the handler's context: small, so a step's model deadline (its remaining time less
   * the offline reserve) comes in seconds, not after the deployed 90 s.
   */
  modelStepTimeoutSeconds?: number;
}

export const startNegotiateStack = async (
  script: FakeLlmScript,
  env: Record<string, string> = {},
  options: NegotiateStackOptions = {},
): Promise<NegotiateStack> => {
  const table = await createTestTable();
  const llm = await startFakeLlmServer({ script });
  const stubbed = {
    TABLE_NAME: table.tableName,
    DYNAMODB_ENDPOINT: table.endpoint,
    DATABASE_URL: inject("databaseUrl"),
    LLM_PROVIDER: "openai",
    OPENAI_BASE_URL: llm.openaiBaseUrl,
    OPENAI_API_KEY: "test-key",
    ANTHROPIC_BASE_URL: llm.url,
    ANTHROPIC_API_KEY: "test-key",
    LLM_MAX_RETRIES: "0",
    LLM_TIMEOUT_MS: "10000",
    ...env,
  };
  for (const [name, value] of Object.entries(stubbed)) vi.stubEnv(name, value);
  const { modelStepTimeoutSeconds } = options;
  const runner = await createLocalWorkflowRunner({
    workflows: allWorkflows().filter((w) => w.name === "negotiation"),
    findFunction: (id) => {
      const fn = allFunctions().find((f) => f.id === id);
      return fn && modelStepTimeoutSeconds !== undefined && fn.needs.includes("llm")
        ? { ...fn, timeoutSeconds: modelStepTimeoutSeconds }
        : fn;
    },
    retryIntervalMs: 0,
  });
  installLocalWorkflowPort(runner);
  let server: RunningApiServer;
  try {
    server = await startApiServer({
      host: "127.0.0.1",
      port: 0,
      routes: allRoutes(),
      functions: allFunctions(),
      loadHandler: (fn) => loadFunctionHandler<HttpApiHandler>(fn),
    });
  } catch (error) {
    await runner.stop();
    await llm.close();
    await table.drop();
    throw error;
  }
  const executionIdOf = (negotiationId: string, messageId: string) =>
    `arn:aws:states:local:000000000000:execution:negotiation:${negotiationId}-${messageId}`;
  return {
    call: createApiCall(server.url),
    runner,
    llm,
    executionIdOf,
    async untilAwaitingReview(negotiationId, messageId) {
      const executionId = executionIdOf(negotiationId, messageId);
      let reached: WorkflowExecution | undefined;
      await waitUntil(`${messageId} to reach its review`, async () => {
        const execution = await runner.describe(executionId);
        const message = (await createApiCall(server.url)(
          "GET",
          `/negotiations/${negotiationId}/messages/${messageId}`,
        ).then((r) => r.json())) as { status: string };
        // The event log trails the handlers a little: wait until it shows the AwaitReview step too.
        const reviewOpen = execution.steps.some((s) => s.name === REVIEW_STATE && s.status === "RUNNING");
        if ((message.status === "awaiting_review" && reviewOpen) || execution.status !== "RUNNING") {
          reached = execution;
        }
        return reached !== undefined;
      });
      if (reached === undefined) throw new Error(`${messageId} did not reach its review`);
      return reached;
    },
    async stop() {
      await server.close();
      await runner.stop();
      installLocalWorkflowPort(undefined);
      await llm.close();
      await table.drop();
      vi.unstubAllEnvs();
    },
  };
};

/**
 * A negotiation opened through the API from `scenario` with `supplier` (201), and the scenario's first
 * supplier message posted to it (202): the ids the workflow's execution is named by.
 */
export const openWithFirstMessage = async (
  stack: NegotiateStack,
  scenario: NegotiationScenario,
  supplier: { name: string; company?: string; email?: string },
): Promise<{ negotiationId: string; messageId: string }> => {
  const created = await stack.call("POST", "/negotiations", {
    body: {
      orderContext: scenario.orderContext,
      merchantInstructions: scenario.merchantInstructions,
      supplier,
    },
  });
  expect(created.status).toBe(201);
  const { negotiationId } = created.json() as { negotiationId: string };
  const posted = await stack.call("POST", `/negotiations/${negotiationId}/messages`, {
    body: { supplierMessage: scenario.turns[0]?.supplierMessage },
  });
  expect(posted.status).toBe(202);
  const { messageId } = posted.json() as { messageId: string };
  return { negotiationId, messageId };
};
