import { describe, expect, it } from "vitest";
import { z } from "zod";
import { RecipeVariantSchema } from "../../../../functions/cook/domain";
import {
  createCookComponents,
  createCookLlmGenerators,
} from "../../../../functions/cook/wiring/cook-api-wiring";
import { createAppTable } from "../../../../functions/core/db/app-table";
import { LlmUnavailable, readLlmConfig } from "../../../../functions/core/llm";
import { API_OFFLINE_RESERVE_MS } from "../../../../functions/core/llm/model-deadline";
import { createLogger } from "../../../../functions/core/logger";
import { createCookAppHarness, seedPlan } from "../../../support/cook/cook-app-harness";
import { DINNER, mealPath } from "../../../support/cook/cook-fixtures";
import { createFakeLlm } from "../../../support/llm/fake-llm";

const SNAPSHOT = "week-1";
const dinnerVariant = `${mealPath(SNAPSHOT, DINNER)}/variant`;
const Applied = z.object({ needs_clarification: z.literal(false), variant: RecipeVariantSchema });

const onlineHarness = async (llm: ReturnType<typeof createFakeLlm>, lambdaTimeoutSeconds?: number) => {
  const harness = createCookAppHarness({
    llm,
    llmGenerators: createCookLlmGenerators,
    ...(lambdaTimeoutSeconds === undefined ? {} : { lambdaTimeoutSeconds }),
  });
  await seedPlan(harness.call, SNAPSHOT);
  return harness;
};

describe("POST …/variant with an instruction, with the LLM generators", () => {
  it("applies the model's ops and stores its warnings with numeric times and temperatures stripped", async () => {
    const llm = createFakeLlm()
      .onStructured("generate_patch_ops", {
        ops: [
          {
            op: "replace_ingredient",
            target_index: 0,
            target_name: "chicken breast",
            replacement: { name: "smoked tofu", quantity: "400 g" },
          },
        ],
        needs_clarification: false,
      })
      .onStructured("generate_warnings", {
        warnings: [
          "Press the tofu dry so it browns instead of steaming.",
          "Fry the tofu for 8 minutes at 200°C.",
        ],
      });
    const { call } = await onlineHarness(llm);
    const res = await call("POST", dinnerVariant, { body: { instruction: "I'd rather have it vegetarian" } });
    expect(res.status).toBe(200);
    const { variant } = Applied.parse(res.json());
    expect(variant.compiled_recipe.ingredients_raw[0]).toBe("400 g smoked tofu");
    expect(variant.warnings[0]).toBe("Press the tofu dry so it browns instead of steaming.");
    expect(variant.warnings.join(" ")).not.toMatch(/\d/);
    expect(llm.callsNamed("generate_patch_ops")).toHaveLength(1);
    expect(llm.callsNamed("generate_warnings")).toHaveLength(1);
  });

  it("passes the model's clarification question through, writing nothing", async () => {
    const llm = createFakeLlm().onStructured("generate_patch_ops", {
      ops: [],
      needs_clarification: true,
      clarification_message: "Which sauce do you mean?",
    });
    const { call } = await onlineHarness(llm);
    const res = await call("POST", dinnerVariant, { body: { instruction: "less of the sauce" } });
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({
      needs_clarification: true,
      clarification_message: "Which sauce do you mean?",
    });
  });

  it("falls back to the offline parser and rule-based warnings when the model is down: 200, never a 500", async () => {
    const down = new LlmUnavailable("model provider unreachable");
    const llm = createFakeLlm()
      .onStructured("generate_patch_ops", down)
      .onStructured("generate_warnings", down);
    const { call } = await onlineHarness(llm);
    const res = await call("POST", dinnerVariant, { body: { instruction: "replace chicken with tofu" } });
    expect(res.status).toBe(200);
    const { variant } = Applied.parse(res.json());
    expect(variant.compiled_recipe.ingredients_raw.some((line) => line.includes("tofu"))).toBe(true);
  });
});

/**
 * A model that never answers on its own: its call ends only when the caller's deadline passes (as the real
 * client's timeout ends it) or its signal aborts it.
 */
const answersOnlyAtDeadline = (request: { signal?: AbortSignal; deadline?: number }): Promise<never> =>
  new Promise((_resolve, reject) => {
    const timeout = () => reject(new LlmUnavailable("timed out", { code: "llm_timeout" }));
    if (request.deadline !== undefined) setTimeout(timeout, Math.max(0, request.deadline - Date.now()));
    if (request.signal?.aborted) timeout();
    request.signal?.addEventListener("abort", timeout);
  });

/** The deadline each structured call was given. */
const deadlinesOf = (llm: ReturnType<typeof createFakeLlm>): (number | undefined)[] =>
  llm.calls.flatMap((call) => (call.kind === "structured" ? [call.request.deadline] : []));

describe("model calls within the request's model deadline (core/llm/model-deadline.ts)", () => {
  // A 7 s Lambda: the model deadline is its remaining time less the 5 s offline reserve. Without a
  // deadline on each call these calls never end.
  const LAMBDA_SECONDS = 7;

  it("ends a model that does not answer at the deadline and falls back offline: 200 with the offline variant", async () => {
    const llm = createFakeLlm()
      .onStructured("generate_patch_ops", answersOnlyAtDeadline)
      .onStructured("generate_warnings", answersOnlyAtDeadline);
    const { call } = await onlineHarness(llm, LAMBDA_SECONDS);
    const sent = Date.now();
    const res = await call("POST", dinnerVariant, { body: { instruction: "replace chicken with tofu" } });
    expect(res.status).toBe(200);
    const { variant } = Applied.parse(res.json());
    expect(variant.compiled_recipe.ingredients_raw[0]).toMatch(/tofu/);
    expect(variant.warnings.join(" ")).toMatch(/tofu/);
    // Every call ends by the Lambda's end less the offline reserve, the time the offline path keeps.
    const deadlines = deadlinesOf(llm);
    expect(deadlines.length).toBeGreaterThan(0);
    for (const deadline of deadlines) {
      expect(deadline).toBeLessThanOrEqual(Date.now() + LAMBDA_SECONDS * 1000 - API_OFFLINE_RESERVE_MS);
      expect(deadline).toBeGreaterThan(sent);
    }
  });

  it("ends the warnings call of an ops request too, keeping the rule-based warnings", async () => {
    const llm = createFakeLlm().onStructured("generate_warnings", answersOnlyAtDeadline);
    const { call } = await onlineHarness(llm, LAMBDA_SECONDS);
    const res = await call("POST", dinnerVariant, {
      body: { ops: [{ op: "scale_servings", scale_factor: 2 }] },
    });
    expect(res.status).toBe(200);
    expect(Applied.parse(res.json()).variant.warnings[0]).toMatch(/scaled/);
    expect(deadlinesOf(llm)).toHaveLength(1);
  });
});

describe("createCookComponents (the Lambda's wiring)", () => {
  const table = createAppTable({ TABLE_NAME: "cook-wiring-test" });
  const logger = createLogger("cook-wiring-test");

  it("leaves the LLM generators out offline, so the rule-based parser and warnings serve", () => {
    const deps = createCookComponents({ logger, table, llmConfig: readLlmConfig({ LLM_PROVIDER: "none" }) });
    expect(deps.llmGenerators).toBeUndefined();
  });

  it("wires both LLM generators when a provider is configured", () => {
    const llmConfig = readLlmConfig({ LLM_PROVIDER: "openai", OPENAI_BASE_URL: "http://127.0.0.1:9/v1" });
    const deps = createCookComponents({ logger, table, llmConfig });
    const generators = deps.llmGenerators?.(deps.llm);
    expect(generators?.patchOpsGenerator).toBeTypeOf("function");
    expect(generators?.warningsGenerator).toBeTypeOf("function");
  });

  it("makes snapshot ids the domain accepts, different each time", () => {
    const deps = createCookComponents({ logger, table, llmConfig: readLlmConfig({ LLM_PROVIDER: "none" }) });
    const ids = new Set(Array.from({ length: 50 }, () => deps.newId()));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
  });
});
