import { describe, expect, it } from "vitest";
import { createLambdaContext } from "../../../dev/lambda-context";
import { toLambdaHandler } from "../../../functions/core/http/lambda-handler";
import { createLlm } from "../../../functions/core/llm/create-llm";
import { readLlmConfig } from "../../../functions/core/llm/llm-config";
import { API_GATEWAY_TIMEOUT_MS, API_OFFLINE_RESERVE_MS } from "../../../functions/core/llm/model-deadline";
import { createLogger } from "../../../functions/core/logger";
import { storeSessionOpener } from "../../../functions/shop/adapters/store-session-opener";
import { createShopApp } from "../../../functions/shop/http/create-shop-app";
import { shopModelScope } from "../../../functions/shop/wiring/shop-request-scopes";
import { buildHttpApiEvent, invokeApiHandler } from "../../support/http-api-event";
import { useTarpit } from "../../support/llm/hanging-providers";
import { createRecordingEventPublisher } from "../../support/recording-event-publisher";
import { createInMemoryShopRunRepository } from "../../support/shop/in-memory-shop-run-repository";
import { createInMemorySubstitutionChoices } from "../../support/shop/in-memory-substitution-choices";
import { createInMemoryWeeklyRunIndex } from "../../support/shop/in-memory-weekly-run-index";
import { INTEGRATION_TEST_TIMEOUT_MS, scaledTimeout } from "../../support/test-timeouts";

/**
 * Issue 39: ShopApi's model routes with a provider that accepts every connection and never answers (the
 * official OpenAI SDK against the tarpit, at its defaults: 60 s a call, two retries). The request's model
 * deadline (API Gateway's 30 s less the offline answer's reserve, set by core/http/create-api.ts) ends the
 * call, and the heuristic answers within API Gateway's 30 s, whatever the Lambda's own clock says.
 */
const logger = createLogger("shop-api-hanging-model-test");
/** Handling the request after its model deadline: the heuristic and the answer's way back. */
const ANSWER_SLACK_MS = 1_500;

const tarpit = useTarpit();

/** ShopApi as its wiring builds it, on a provider that never answers, called through the Lambda handler. */
const shopApiCall = (lambdaSeconds: number | undefined) => {
  const app = createShopApp({
    logger,
    runsFor: () => createInMemoryShopRunRepository(),
    choicesFor: () => createInMemorySubstitutionChoices(),
    workflows: {
      start: async () => ({ executionId: "exec-1", startedAt: new Date().toISOString() }),
      describe: async () => {
        throw new Error("not used");
      },
    },
    storeSessions: storeSessionOpener(async () => {
      throw new Error("not used");
    }),
    storeAccountFor: () => {
      throw new Error("not used");
    },
    storeAccountAttemptsFor: () => {
      throw new Error("not used");
    },
    inRequestScope: shopModelScope(
      createLlm(
        readLlmConfig({ LLM_PROVIDER: "openai", OPENAI_API_KEY: "k", OPENAI_BASE_URL: `${tarpit.url}/v1` }),
        { logger: null },
      ),
    ),
    plansFor: () => ({ snapshotExists: async () => false }),
    weeklyRuns: createInMemoryWeeklyRunIndex(),
    newRunId: () => "run_1",
    events: createRecordingEventPublisher(),
    now: () => new Date(),
  });
  const handler = toLambdaHandler(app, logger);
  return async (path: string, body: unknown) => {
    const event = buildHttpApiEvent({ method: "POST", path, body, claims: { tenant: "alice" } });
    // Without a Lambda's clock (a local server, a test), the API Gateway cut alone bounds the request.
    const context =
      lambdaSeconds === undefined
        ? ({} as Parameters<typeof handler>[1])
        : createLambdaContext("ShopApi", lambdaSeconds);
    return invokeApiHandler(handler, event, context);
  };
};

const cases = [
  // ShopApi's deployed timeout: the model deadline is 24 s away (29 s less the reserve).
  { name: "in a Lambda with 29 s left", lambdaSeconds: 29, deadlineMs: 29_000 - API_OFFLINE_RESERVE_MS },
  {
    name: "without a Lambda clock",
    lambdaSeconds: undefined,
    deadlineMs: API_GATEWAY_TIMEOUT_MS - API_OFFLINE_RESERVE_MS,
  },
] as const;

describe.each(cases)("ShopApi's substitution queries $name, the model never answering", (testCase) => {
  it(
    "answers the heuristic's queries by the request's model deadline, within API Gateway's 30 s",
    async () => {
      const call = shopApiCall(testCase.lambdaSeconds);
      const before = tarpit.connections();
      const started = Date.now();
      const response = await call("/shop/substitutes/queries", {
        productName: "batata doce auchan em cubos para cozer 400g",
        originalPrice: 1.69,
      });
      const elapsed = Date.now() - started;
      expect(response.status).toBe(200);
      expect(response.headers["x-larder-source"]).toBe("heuristic");
      expect(response.json).toMatchObject({ primaryQuery: "batata doce cubos", searchStrategy: "exact" });
      // The model was tried, and its call was cut at the request's deadline, not the SDK's 60 s.
      expect(tarpit.connections()).toBeGreaterThan(before);
      expect(elapsed).toBeGreaterThanOrEqual(testCase.deadlineMs - ANSWER_SLACK_MS);
      expect(elapsed).toBeLessThanOrEqual(testCase.deadlineMs + ANSWER_SLACK_MS);
      expect(elapsed).toBeLessThan(API_GATEWAY_TIMEOUT_MS);
    },
    scaledTimeout(INTEGRATION_TEST_TIMEOUT_MS),
  );
});
