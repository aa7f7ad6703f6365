import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { type FakeLlmServer, type FakeLlmStep, startFakeLlmServer } from "../../../dev/fake-llm";
import type { FakeLlmRequest } from "../../../dev/fake-llm/fake-llm-script";
import { RecipeVariantSchema } from "../../../functions/cook/domain";
import { KitchenChatResponseSchema } from "../../../functions/cook/domain/kitchen-chat/kitchen-chat-schemas";
import { DINNER, mealPath } from "../../support/cook/cook-fixtures";
import { seedPlanOverHttp } from "../../support/cook/seed-plan";
import { type LocalApiServer, startLocalApiServer } from "../../support/local-api-server";

// The LLM path end to end: the real Lambda entry (functions/cook/entries/api.ts) configured from the environment
// with LLM_PROVIDER=openai and OPENAI_BASE_URL pointing at the fake LLM server, so the official OpenAI SDK
// speaks HTTP for generate_patch_ops, generate_warnings and the kitchen chat's tool turns.

const Applied = z.object({ needs_clarification: z.literal(false), variant: RecipeVariantSchema });

const toolReply = (name: string, args: unknown): FakeLlmStep => ({
  reply: { toolCalls: [{ name, arguments: args }] },
});
const providerDown: FakeLlmStep = {
  error: { status: 500, message: "fake provider outage", headers: { "x-should-retry": "false" } },
};

/** What the fake model answers next, per kind of request; each test sets what it needs. */
const script: {
  patchOps: FakeLlmStep;
  warnings: FakeLlmStep;
  chatTurns: FakeLlmStep[];
} = { patchOps: providerDown, warnings: providerDown, chatTurns: [] };

const answer = (request: FakeLlmRequest): FakeLlmStep => {
  if (request.forcedToolName === "generate_patch_ops") return script.patchOps;
  if (request.forcedToolName === "generate_warnings") return script.warnings;
  return script.chatTurns.shift() ?? providerDown;
};

let llmServer: FakeLlmServer;
let api: LocalApiServer;
let snapshotCounter = 0;

const plannedSnapshot = async (): Promise<string> => {
  snapshotCounter += 1;
  const snapshotId = `llm-week-${snapshotCounter}`;
  await seedPlanOverHttp(api.call, snapshotId);
  return snapshotId;
};

beforeAll(async () => {
  llmServer = await startFakeLlmServer({ script: answer });
  api = await startLocalApiServer({
    LLM_PROVIDER: "openai",
    OPENAI_BASE_URL: llmServer.openaiBaseUrl,
    OPENAI_API_KEY: "test-key",
    LLM_MAX_RETRIES: "0",
    LLM_TIMEOUT_MS: "10000",
    // One server for the whole file, and some tests script a provider outage: with the provider breaker
    // on, that outage would skip every later test's model calls (the breaker has tests of its own:
    // cook-slow-provider.test.ts).
    LLM_BREAKER_OPEN_MS: "0",
  });
});

afterAll(async () => {
  await api?.stop();
  await llmServer?.close();
});

beforeEach(() => {
  script.patchOps = providerDown;
  script.warnings = providerDown;
  script.chatTurns = [];
});

describe("POST …/variant with an instruction, through the OpenAI SDK", () => {
  it("applies the model's generate_patch_ops answer and stores its generate_warnings, numbers stripped", async () => {
    const snapshotId = await plannedSnapshot();
    script.patchOps = toolReply("generate_patch_ops", {
      ops: [
        {
          op: "replace_ingredient",
          target_index: 0,
          target_name: "chicken breast",
          replacement: { name: "smoked tofu", quantity: "400 g" },
        },
      ],
      needs_clarification: false,
    });
    script.warnings = toolReply("generate_warnings", {
      warnings: ["Pat the tofu dry so it browns in the wok.", "Stir-fry the tofu for 6 minutes at 220°C."],
    });
    const sent = llmServer.requests.length;

    const res = await api.call("POST", `${mealPath(snapshotId, DINNER)}/variant`, {
      body: { instruction: "make it vegetarian" },
    });

    expect(res.status).toBe(200);
    const { variant } = Applied.parse(res.json());
    expect(variant.compiled_recipe.ingredients_raw[0]).toBe("400 g smoked tofu");
    expect(variant.warnings[0]).toBe("Pat the tofu dry so it browns in the wok.");
    expect(variant.warnings.join(" ")).not.toMatch(/\d/);
    const requests = llmServer.requests.slice(sent);
    expect(requests.map((request) => request.forcedToolName)).toEqual([
      "generate_patch_ops",
      "generate_warnings",
    ]);
    expect(requests.every((request) => request.api === "openai")).toBe(true);
    expect(requests[0]?.lastMessageText).toContain("make it vegetarian");
  });

  it("passes the model's clarification question through and writes nothing", async () => {
    const snapshotId = await plannedSnapshot();
    script.patchOps = toolReply("generate_patch_ops", {
      ops: [],
      needs_clarification: true,
      clarification_message: "Which part should be lighter, the sauce or the rice?",
    });
    const res = await api.call("POST", `${mealPath(snapshotId, DINNER)}/variant`, {
      body: { instruction: "make it lighter" },
    });
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({
      needs_clarification: true,
      clarification_message: "Which part should be lighter, the sauce or the rice?",
    });
  });

  it("falls back to the offline parser when the provider fails: a 200, never a 500", async () => {
    const snapshotId = await plannedSnapshot();
    const res = await api.call("POST", `${mealPath(snapshotId, DINNER)}/variant`, {
      body: { instruction: "replace chicken with tofu" },
    });
    expect(res.status).toBe(200);
    const { variant } = Applied.parse(res.json());
    expect(variant.compiled_recipe.ingredients_raw.some((line) => line.includes("tofu"))).toBe(true);
    expect(variant.warnings.length).toBeLessThanOrEqual(3);
  });
});

describe("POST /chat/kitchen, through the OpenAI SDK", () => {
  it("swaps an ingredient by chat and removes the modifications by chat", async () => {
    const snapshotId = await plannedSnapshot();
    script.patchOps = toolReply("generate_patch_ops", {
      ops: [
        {
          op: "replace_ingredient",
          target_index: 1,
          target_name: "white rice",
          replacement: { name: "quinoa", quantity: "2 cups" },
        },
      ],
    });
    script.warnings = toolReply("generate_warnings", {
      warnings: ["Rinse the quinoa well before cooking it."],
    });
    script.chatTurns = [
      toolReply("modify_recipe", { ...DINNER, instruction: "replace the white rice with quinoa" }),
      { reply: { text: "Done: Friday's stir fry is served over quinoa." } },
    ];
    const swap = await api.call("POST", "/chat/kitchen", {
      body: { snapshot_id: snapshotId, message: "swap the rice for quinoa on Friday" },
    });
    expect(swap.status).toBe(200);
    const swapped = KitchenChatResponseSchema.parse(swap.json());
    expect(swapped.response).toBe("Done: Friday's stir fry is served over quinoa.");
    expect(swapped.tool_calls.map((toolCall) => [toolCall.name, toolCall.ok])).toEqual([
      ["modify_recipe", true],
    ]);
    const modified = swapped.snapshot.planned_meals.find((meal) => meal.date === DINNER.date);
    expect(modified?.variant?.compiled_recipe.ingredients_raw[1]).toBe("2 cups quinoa");
    expect(modified?.variant?.warnings).toEqual(["Rinse the quinoa well before cooking it."]);

    script.chatTurns = [
      toolReply("clear_variant", { ...DINNER }),
      { reply: { text: "Friday's dinner is back to the original." } },
    ];
    const undo = await api.call("POST", "/chat/kitchen", {
      body: { snapshot_id: snapshotId, message: "remove modifications" },
    });
    const undone = KitchenChatResponseSchema.parse(undo.json());
    expect(undone.tool_calls.map((toolCall) => toolCall.name)).toEqual(["clear_variant"]);
    expect(undone.snapshot.planned_meals.find((meal) => meal.date === DINNER.date)?.modified).toBe(false);
    expect(
      (await api.call("GET", `/cook/variant:${snapshotId}:${DINNER.date}:${DINNER.meal_type}`)).status,
    ).toBe(404);
  });
});
