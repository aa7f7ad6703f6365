import { describe, expect, it } from "vitest";
import {
  createSnapshot,
  createVariantFromInstruction,
  LOG_TAGS,
  type PatchOpsGenerator,
} from "../../../../functions/cook/domain";
import { ValidationError } from "../../../../functions/core/errors";
import { createPlannedDeps, DINNER, REPLACE_CHICKEN_WITH_TOFU } from "../../../support/cook/plan";

const withGenerator = (patchOpsGenerator: PatchOpsGenerator) =>
  createPlannedDeps({ overrides: { patchOpsGenerator } });

describe("createVariantFromInstruction", () => {
  it("applies the generator's ops and gives it the base recipe and the instruction", async () => {
    const calls: { recipe: { recipe_id: string }; instruction: string }[] = [];
    const deps = await withGenerator(async (input) => {
      calls.push(input);
      return { ops: [REPLACE_CHICKEN_WITH_TOFU], needs_clarification: false };
    });
    const result = await createVariantFromInstruction(deps, { ...DINNER, instruction: "make it vegetarian" });
    expect(calls).toMatchObject([{ recipe: { recipe_id: "123456" }, instruction: "make it vegetarian" }]);
    expect(result.needs_clarification).toBe(false);
    expect(!result.needs_clarification && result.variant?.compiled_recipe.ingredients_raw[0]).toBe(
      "400 g firm tofu",
    );
    expect(deps.logger.tagged(LOG_TAGS.patchGen).at(-1)?.extra).toMatchObject({ source: "llm" });
  });

  it("passes a clarification through and writes nothing", async () => {
    const deps = await withGenerator(async () => ({
      ops: [],
      needs_clarification: true,
      clarification_message: "Which rice: the white rice or the rice vinegar?",
    }));
    const result = await createVariantFromInstruction(deps, { ...DINNER, instruction: "swap the rice" });
    expect(result).toEqual({
      needs_clarification: true,
      clarification_message: "Which rice: the white rice or the rice vinegar?",
    });
    expect(deps.plans.savedMeals).toEqual([]);
  });

  it("asks for clarification when the generator returns no ops and no message", async () => {
    const deps = await withGenerator(async () => ({ ops: [], needs_clarification: false }));
    const result = await createVariantFromInstruction(deps, { ...DINNER, instruction: "hmm" });
    expect(result).toMatchObject({
      needs_clarification: true,
      clarification_message: expect.stringContaining("replace X"),
    });
  });

  it("falls back to the offline parser when the generator throws, never failing the request", async () => {
    const deps = await withGenerator(async () => {
      throw new Error("503 from the provider");
    });
    const result = await createVariantFromInstruction(deps, {
      ...DINNER,
      instruction: "replace chicken with tofu",
    });
    expect(!result.needs_clarification && result.variant?.compiled_recipe.ingredients_raw[0]).toBe(
      "500 g tofu",
    );
    expect(
      deps.logger.records.some((r) => r.level === "warn" && r.message.startsWith(LOG_TAGS.patchGen)),
    ).toBe(true);
  });

  it("falls back to the offline parser when the generator's output is out of shape", async () => {
    const deps = await withGenerator(async () => ({ ops: [{ op: "teleport" }] }) as never);
    const result = await createVariantFromInstruction(deps, { ...DINNER, instruction: "double it" });
    expect(!result.needs_clarification && result.variant?.patch_ops).toMatchObject([
      { op: "scale_servings", scale_factor: 2 },
    ]);
  });

  it("answers a clarification when the generator fails and the offline parser cannot parse", async () => {
    const deps = await withGenerator(async () => {
      throw new Error("timeout");
    });
    const result = await createVariantFromInstruction(deps, {
      ...DINNER,
      instruction: "make it more exciting",
    });
    expect(result.needs_clarification).toBe(true);
  });

  it("uses the offline parser's ops when the model's ops fail validation but the instruction is a plain one", async () => {
    const deps = await withGenerator(async () => ({
      ops: [{ ...REPLACE_CHICKEN_WITH_TOFU, target_index: 3 }],
      needs_clarification: false,
    }));
    const result = await createVariantFromInstruction(deps, {
      ...DINNER,
      instruction: "replace chicken with tofu",
    });
    expect(!result.needs_clarification && result.variant?.compiled_recipe.ingredients_raw[0]).toBe(
      "500 g tofu",
    );
  });

  it("refuses with patch_invalid when the model's ops fail validation and the offline parser has nothing better", async () => {
    const deps = await withGenerator(async () => ({
      ops: [{ ...REPLACE_CHICKEN_WITH_TOFU, target_index: 3 }],
      needs_clarification: false,
    }));
    await expect(
      createVariantFromInstruction(deps, { ...DINNER, instruction: "make it vegetarian" }),
    ).rejects.toMatchObject({ code: "patch_invalid" });
    expect(deps.plans.savedMeals).toEqual([]);
  });

  it("works offline (no generator) in Portuguese too", async () => {
    const deps = await createPlannedDeps();
    const jantar = { snapshot_id: "plano", date: "2025-01-10", meal_type: "dinner" } as const;
    await createSnapshot(deps, {
      snapshot_id: jantar.snapshot_id,
      planned_meals: [{ date: jantar.date, meal_type: jantar.meal_type, recipe_id: "arroz-de-frango" }],
    });
    const result = await createVariantFromInstruction(deps, { ...jantar, instruction: "tira o alho" });
    expect(!result.needs_clarification && result.variant?.patch_ops).toMatchObject([
      { op: "remove_ingredient", target_index: 3, acknowledged: true },
    ]);
    expect(deps.logger.tagged(LOG_TAGS.patchGen).at(-1)?.extra).toMatchObject({ source: "offline" });
  });

  it("refuses an empty or oversized instruction with a 400", async () => {
    const deps = await createPlannedDeps();
    await expect(createVariantFromInstruction(deps, { ...DINNER, instruction: " " })).rejects.toBeInstanceOf(
      ValidationError,
    );
    await expect(
      createVariantFromInstruction(deps, { ...DINNER, instruction: "x".repeat(1001) }),
    ).rejects.toBeInstanceOf(ValidationError);
  });
});
