import { Logger } from "@aws-lambda-powertools/logger";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { startFakeLlmServer } from "../../../dev/fake-llm";
import { startTarpitServer } from "../../../dev/fake-llm/tarpit-server";
import { createLambdaContext } from "../../../dev/lambda-context";
import { RecipeVariantSchema } from "../../../functions/cook/domain";
import { KitchenChatResponseSchema } from "../../../functions/cook/domain/kitchen-chat/kitchen-chat-schemas";
import { createCookApi, createCookComponents } from "../../../functions/cook/wiring/cook-api-wiring";
import { toLambdaHandler } from "../../../functions/core/http/lambda-handler";
import { readLlmConfig } from "../../../functions/core/llm/llm-config";
import { createLogger } from "../../../functions/core/logger";
import {
  CHICKEN_STIR_FRY_ID,
  mealPath,
  RECIPES,
  REPLACE_CHICKEN_WITH_TOFU,
} from "../../support/cook/cook-fixtures";
import { buildHttpApiEvent, resultJson, structuredResult } from "../../support/http-api-event";
import { useTestAppTable } from "../../support/table";

// Issue 23: a provider that never answers (a tarpit) and one that answers after 20 s, at default settings
// (a minute per call, two SDK retries) but for its endpoint, through the official Anthropic SDK, on
// DynamoDB Local. The Lambda gets 8 s, so the request's model deadline (core/llm/model-deadline.ts:
// remaining time less the 5 s offline reserve) comes after 3 s: the test stays short, and only that
// deadline can end a call to a provider that never answers.

const LAMBDA_SECONDS = 8;
const MONDAY = { date: "2025-01-06", meal_type: "dinner" } as const;
/**
 * Connections one call ended by its deadline leaves at the provider: its own, and today one more that the
 * SDK opens as a retry just after the deadline aborted the call (reported to core; the retry is aborted at
 * once). Anything above means a later request reached the provider.
 */
const MAX_CONNECTIONS_OF_ONE_TIMED_OUT_CALL = 2;
const Applied = z.object({ needs_clarification: z.literal(false), variant: RecipeVariantSchema });

interface SlowProvider {
  url: string;
  /** Model calls (connections or requests) the provider has seen so far. */
  seen(): number;
  close(): Promise<void>;
}

const tarpit = async (): Promise<SlowProvider> => {
  const server = await startTarpitServer();
  return { url: server.url, seen: server.connections, close: server.close };
};

/** Answers every call correctly, 20 s late: a chat turn with words, generate_patch_ops with an op. */
const answersAfter20Seconds = async (): Promise<SlowProvider> => {
  const server = await startFakeLlmServer({
    script: (request) => ({
      delayMs: 20_000,
      reply:
        request.forcedToolName === "generate_patch_ops"
          ? { toolCalls: [{ name: "generate_patch_ops", arguments: { ops: [], needs_clarification: true } }] }
          : { text: "Too late to matter." },
    }),
  });
  return { url: server.url, seen: () => server.requests.length, close: server.close };
};

/**
 * The model use of the next request, from its one "llm usage totals" log line: `attempts` counts the
 * requests that went to the provider (0 when its breaker skipped every call).
 */
const usageOfNextRequest = () => {
  const info = vi.spyOn(Logger.prototype, "info");
  return () => {
    const lines = info.mock.calls.filter(([message]) => message === "llm usage totals");
    info.mockRestore();
    expect(lines).toHaveLength(1);
    const extra = lines[0]?.[1] as { llmUsage?: { calls: number; attempts: number } } | undefined;
    return extra?.llmUsage;
  };
};

const appTable = useTestAppTable();
const logger = createLogger("cook-slow-provider-test");

/** The cook app's Lambda handler on the test table with the given provider settings, called as API Gateway does. */
const cookApi = (env: Record<string, string>) => {
  const handler = toLambdaHandler(
    createCookApi(createCookComponents({ logger, table: appTable, llmConfig: readLlmConfig(env) })),
    logger,
  );
  return async (method: string, path: string, body?: unknown) => {
    const event = buildHttpApiEvent({
      method,
      path,
      claims: { tenant: "alice" },
      ...(body === undefined ? {} : { body }),
    });
    const result = structuredResult(await handler(event, createLambdaContext("CookApi", LAMBDA_SECONDS)));
    return { status: result.statusCode ?? 200, json: () => resultJson(result) };
  };
};

let snapshotCounter = 0;
/** A plan whose Monday dinner is the stir fry with chicken swapped for tofu, written with no model. */
const planWithMondayModified = async (): Promise<string> => {
  const offline = cookApi({ LLM_PROVIDER: "none" });
  snapshotCounter += 1;
  const snapshotId = `slow_${snapshotCounter}`;
  for (const [recipeId, body] of Object.entries(RECIPES)) {
    expect((await offline("PUT", `/recipes/${recipeId}`, body)).status).toBeLessThan(300);
  }
  const plan = await offline("POST", "/plans", {
    snapshot_id: snapshotId,
    planned_meals: [{ ...MONDAY, recipe_id: CHICKEN_STIR_FRY_ID }],
  });
  expect(plan.status).toBe(201);
  const modified = await offline("POST", `${mealPath(snapshotId, MONDAY)}/variant`, {
    ops: [REPLACE_CHICKEN_WITH_TOFU],
  });
  expect(modified.status).toBe(200);
  return snapshotId;
};

describe.each([
  ["never answers", tarpit],
  ["answers after 20 s", answersAfter20Seconds],
])("the cook API with a provider that %s, default settings", (_kind, startProvider) => {
  let provider: SlowProvider;
  let call: ReturnType<typeof cookApi>;
  beforeAll(async () => {
    provider = await startProvider();
  });
  beforeEach(() => {
    // A new app per test: its client takes a fresh breaker (a client keeps the breaker it was built with).
    call = cookApi({ LLM_PROVIDER: "anthropic", ANTHROPIC_API_KEY: "k", ANTHROPIC_BASE_URL: provider.url });
  });
  afterAll(async () => {
    await provider?.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('kitchen chat "remove modifications on Monday" clears Monday offline; the next message skips the model', async () => {
    const snapshotId = await planWithMondayModified();
    const before = provider.seen();

    const first = await call("POST", "/chat/kitchen", {
      snapshot_id: snapshotId,
      message: "remove modifications on Monday",
    });

    expect(first.status).toBe(200);
    const cleared = KitchenChatResponseSchema.parse(first.json());
    expect(cleared.status).toBe("offline");
    expect(cleared.response).not.toMatch(/ran out of time/);
    expect(cleared.tool_calls.map((toolCall) => [toolCall.name, toolCall.ok])).toEqual([
      ["clear_variant", true],
    ]);
    expect(cleared.snapshot.planned_meals.map((meal) => meal.modified)).toEqual([false]);
    expect(provider.seen()).toBeGreaterThan(before);

    const usage = usageOfNextRequest();
    const second = await call("POST", "/chat/kitchen", {
      snapshot_id: snapshotId,
      message: "swap the rice for quinoa on Monday",
    });
    expect(second.status).toBe(200);
    const swapped = KitchenChatResponseSchema.parse(second.json());
    expect(swapped.status).toBe("offline");
    expect(swapped.snapshot.planned_meals[0]?.variant?.compiled_recipe.ingredients_raw.join(" ")).toMatch(
      /quinoa/,
    );
    // The breaker: the second request's model calls failed at once, none reaching the provider.
    expect(usage()).toMatchObject({ attempts: 0 });
    expect(provider.seen() - before).toBeLessThanOrEqual(MAX_CONNECTIONS_OF_ONE_TIMED_OUT_CALL);
  });

  it("a variant by instruction returns the offline variant; the next one skips the model", async () => {
    const snapshotId = await planWithMondayModified();
    const before = provider.seen();

    const first = await call("POST", `${mealPath(snapshotId, MONDAY)}/variant`, {
      instruction: "replace rice with quinoa",
    });

    expect(first.status).toBe(200);
    const { variant } = Applied.parse(first.json());
    expect(variant.compiled_recipe.ingredients_raw.join(" ")).toMatch(/quinoa/);
    expect(variant.warnings.length).toBeGreaterThan(0);
    expect(provider.seen()).toBeGreaterThan(before);

    const usage = usageOfNextRequest();
    const second = await call("POST", `${mealPath(snapshotId, MONDAY)}/variant`, {
      instruction: "double it",
    });
    expect(second.status).toBe(200);
    expect(Applied.parse(second.json()).variant.patch_ops.at(-1)?.op).toBe("scale_servings");
    expect(usage()).toMatchObject({ attempts: 0 });
    expect(provider.seen() - before).toBeLessThanOrEqual(MAX_CONNECTIONS_OF_ONE_TIMED_OUT_CALL);
  });
});
