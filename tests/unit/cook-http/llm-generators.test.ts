import { describe, expect, it } from "vitest";
import { z } from "zod";
import { RecipeVariantSchema } from "../../../functions/cook/domain";
import { createCookApiDeps, createCookLlmGenerators } from "../../../functions/cook/wiring/cook-api-wiring";
import { createAppTable } from "../../../functions/core/db/app-table";
import { LlmUnavailable, readLlmConfig } from "../../../functions/core/llm";
import { createFakeLlm } from "../../../functions/core/llm/testing/fake-llm";
import { createLogger } from "../../../functions/core/logger";
import { createCookAppHarness, seedPlan } from "./support/cook-app-harness";
import { DINNER, mealPath } from "./support/cook-fixtures";

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

/** A model that never answers on its own: its call ends only when the caller's signal aborts it. */
const answersOnlyWhenAborted = (request: { signal?: AbortSignal }): Promise<never> =>
  new Promise((_resolve, reject) => {
    const abort = () => reject(new LlmUnavailable("aborted", { code: "llm_aborted" }));
    if (request.signal?.aborted) abort();
    request.signal?.addEventListener("abort", abort);
  });

describe("model calls within the Lambda's time", () => {
  // A 4 s Lambda timeout less the 3 s margin leaves the model 1 s; without the deadline these calls never end.
  it("aborts a model that does not answer in time and falls back offline: 200, before the Lambda times out", async () => {
    const llm = createFakeLlm()
      .onStructured("generate_patch_ops", answersOnlyWhenAborted)
      .onStructured("generate_warnings", answersOnlyWhenAborted);
    const { call } = await onlineHarness(llm, 4);
    const started = Date.now();
    const res = await call("POST", dinnerVariant, { body: { instruction: "replace chicken with tofu" } });
    expect(res.status).toBe(200);
    const { variant } = Applied.parse(res.json());
    expect(variant.compiled_recipe.ingredients_raw[0]).toMatch(/tofu/);
    expect(variant.warnings.join(" ")).toMatch(/tofu/);
    // Answered before the 4 s Lambda would have been killed (the contract; the deadline itself is at 1 s).
    expect(Date.now() - started).toBeLessThan(4_000);
  });

  it("aborts the warnings call of an ops request too, keeping the rule-based warnings", async () => {
    const llm = createFakeLlm().onStructured("generate_warnings", answersOnlyWhenAborted);
    const { call } = await onlineHarness(llm, 4);
    const started = Date.now();
    const res = await call("POST", dinnerVariant, {
      body: { ops: [{ op: "scale_servings", scale_factor: 2 }] },
    });
    expect(res.status).toBe(200);
    expect(Applied.parse(res.json()).variant.warnings[0]).toMatch(/scaled/);
    // Answered before the 4 s Lambda would have been killed (the contract; the deadline itself is at 1 s).
    expect(Date.now() - started).toBeLessThan(4_000);
  });
});

describe("createCookApiDeps (the Lambda's wiring)", () => {
  const table = createAppTable({ TABLE_NAME: "cook-wiring-test" });
  const logger = createLogger("cook-wiring-test");

  it("leaves the LLM generators out offline, so the rule-based parser and warnings serve", () => {
    const deps = createCookApiDeps({ logger, table, llmConfig: readLlmConfig({ LLM_PROVIDER: "none" }) });
    expect(deps.llmGenerators).toBeUndefined();
  });

  it("wires both LLM generators when a provider is configured", () => {
    const llmConfig = readLlmConfig({ LLM_PROVIDER: "openai", OPENAI_BASE_URL: "http://127.0.0.1:9/v1" });
    const deps = createCookApiDeps({ logger, table, llmConfig });
    const generators = deps.llmGenerators?.(deps.llm);
    expect(generators?.patchOpsGenerator).toBeTypeOf("function");
    expect(generators?.warningsGenerator).toBeTypeOf("function");
  });

  it("makes snapshot ids the domain accepts, different each time", () => {
    const deps = createCookApiDeps({ logger, table, llmConfig: readLlmConfig({ LLM_PROVIDER: "none" }) });
    const ids = new Set(Array.from({ length: 50 }, () => deps.newId()));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
  });
});
