import { describe, expect, it } from "vitest";
import { z } from "zod";
import { RecipeVariantSchema, SnapshotViewSchema } from "../../../../functions/cook/domain";
import { createCookAppHarness, seedPlan } from "../../../support/cook/cook-app-harness";
import {
  CHICKEN_STIR_FRY_ID,
  DINNER,
  LUNCH,
  mealPath,
  REPLACE_CHICKEN_WITH_TOFU,
  REPLACE_RICE_WITH_QUINOA,
  variantId,
} from "../../../support/cook/cook-fixtures";
import { issuePaths, parseErrorBody } from "../../../support/error-body";

const SNAPSHOT = "week-1";
const dinnerVariant = `${mealPath(SNAPSHOT, DINNER)}/variant`;

const Applied = z.object({
  needs_clarification: z.literal(false),
  variant: RecipeVariantSchema,
  meal: z.object({ modified: z.boolean() }).passthrough(),
});
const Clarification = z.object({ needs_clarification: z.literal(true), clarification_message: z.string() });

const plannedHarness = async (options: Parameters<typeof createCookAppHarness>[0] = {}) => {
  const harness = createCookAppHarness(options);
  await seedPlan(harness.call, SNAPSHOT);
  return harness;
};

const dinnerOf = async (call: ReturnType<typeof createCookAppHarness>["call"]) => {
  const snapshot = SnapshotViewSchema.parse((await call("GET", `/plans/${SNAPSHOT}`)).json());
  const meal = snapshot.planned_meals.find((m) => m.date === DINNER.date && m.meal_type === DINNER.meal_type);
  if (!meal) throw new Error("the dinner is missing from the plan");
  return meal;
};

describe("POST /plans/{snapshot_id}/meals/{date}/{meal_type}/variant with ops", () => {
  it("answers 200 with the compiled variant in the seed's shape, and the plan shows the meal modified", async () => {
    const { call } = await plannedHarness();
    const res = await call("POST", dinnerVariant, { body: { ops: [REPLACE_CHICKEN_WITH_TOFU] } });
    expect(res.status).toBe(200);
    const { variant, meal } = Applied.parse(res.json());
    expect(variant).toMatchObject({
      variant_id: variantId(SNAPSHOT, DINNER),
      base_recipe_id: CHICKEN_STIR_FRY_ID,
      compiled_at: "2025-12-27T10:00:00.000Z",
      compiler_version: "v0",
      compiled_recipe: { id: variantId(SNAPSHOT, DINNER), name: "Chicken Stir Fry (modified)" },
    });
    expect(variant.patch_ops).toEqual([
      expect.objectContaining({ op: "replace_ingredient", target_index: 0, target_name: "chicken" }),
    ]);
    expect(variant.compiled_recipe.ingredients_raw[0]).toBe("400 g firm tofu");
    expect(meal.modified).toBe(true);

    const stored = await dinnerOf(call);
    expect(stored.modified).toBe(true);
    expect(stored.variant).toEqual(variant);
  });

  it("adds a later request's ops to the variant and recompiles from the base", async () => {
    const { call } = await plannedHarness();
    await call("POST", dinnerVariant, { body: { ops: [REPLACE_CHICKEN_WITH_TOFU] } });
    const res = await call("POST", dinnerVariant, { body: { ops: [REPLACE_RICE_WITH_QUINOA] } });
    const { variant } = Applied.parse(res.json());
    expect(variant.patch_ops.map((op) => op.target_index)).toEqual([0, 1]);
    expect(variant.compiled_recipe.ingredients_raw.slice(0, 2)).toEqual(["400 g firm tofu", "2 cups quinoa"]);
  });

  it("treats a line added again with other spacing or case as the same addition, not a 422", async () => {
    const { call } = await plannedHarness();
    await call("POST", dinnerVariant, {
      body: { ops: [{ op: "add_ingredient", new_ingredient: "1 lime" }] },
    });
    const res = await call("POST", dinnerVariant, {
      body: { ops: [{ op: "add_ingredient", new_ingredient: "1  Lime" }] },
    });
    expect(res.status).toBe(200);
    const { variant } = Applied.parse(res.json());
    expect(variant.patch_ops.filter((op) => op.op === "add_ingredient")).toHaveLength(1);
  });

  it("reading the plan twice gives the same stored variant (compiled once, never on read)", async () => {
    const { call } = await plannedHarness();
    await call("POST", dinnerVariant, { body: { ops: [REPLACE_CHICKEN_WITH_TOFU] } });
    const first = await call("GET", `/plans/${SNAPSHOT}`);
    const second = await call("GET", `/plans/${SNAPSHOT}`);
    expect(second.text).toBe(first.text);
  });

  it.each([
    [
      "a target name that does not match the ingredient at the index",
      { ...REPLACE_CHICKEN_WITH_TOFU, target_name: "beef" },
    ],
    [
      "a remove without acknowledged: true",
      { op: "remove_ingredient", target_index: 2, target_name: "soy sauce" },
    ],
    ["a target index past the last ingredient", { ...REPLACE_CHICKEN_WITH_TOFU, target_index: 40 }],
    ["a scale factor of zero", { op: "scale_servings", scale_factor: 0 }],
  ])("answers 422 patch_invalid with the reasons for %s, and writes nothing", async (_what, op) => {
    const { call } = await plannedHarness();
    const res = await call("POST", dinnerVariant, { body: { ops: [op] } });
    expect(res.status).toBe(422);
    const error = parseErrorBody(res.json());
    expect(error.code).toBe("patch_invalid");
    const { reasons } = z.object({ reasons: z.array(z.string()).min(1) }).parse(error.details);
    expect(reasons.join(" ")).toMatch(/\S/);
    expect((await dinnerOf(call)).modified).toBe(false);
  });

  it.each([
    ["an empty object", {}, ["body"]],
    ["both ops and an instruction", { ops: [REPLACE_CHICKEN_WITH_TOFU], instruction: "use tofu" }, ["body"]],
    ["an unknown op", { ops: [{ op: "replace_step", target_index: 0 }] }, ["body.ops.0.op"]],
    ["ops that are not a list", { ops: "replace chicken" }, ["body.ops"]],
    ["an empty op list", { ops: [] }, ["body.ops"]],
    [
      "a target index that is a string",
      { ops: [{ ...REPLACE_CHICKEN_WITH_TOFU, target_index: "0" }] },
      ["body.ops.0.target_index"],
    ],
    ["an empty instruction", { instruction: "   " }, ["body.instruction"]],
    ["an instruction that is a number", { instruction: 42 }, ["body.instruction"]],
    ["an instruction over its length limit", { instruction: "x".repeat(1001) }, ["body.instruction"]],
    ["a JSON array instead of an object", [REPLACE_CHICKEN_WITH_TOFU], ["body"]],
    [
      "more ops than one request may carry",
      {
        ops: Array.from({ length: 21 }, (_, i) => ({ op: "add_ingredient", new_ingredient: `${i} g salt` })),
      },
      ["body.ops"],
    ],
    [
      "a scale factor that is a string",
      { ops: [{ op: "scale_servings", scale_factor: "2" }] },
      ["body.ops.0.scale_factor"],
    ],
  ])("answers 400 naming the field for %s", async (_what, body, paths) => {
    const { call } = await plannedHarness();
    const res = await call("POST", dinnerVariant, { body });
    expect(res.status).toBe(400);
    const error = parseErrorBody(res.json());
    expect(error.code).toBe("validation");
    expect(issuePaths(error.details)).toEqual(paths);
  });

  it("answers 400 naming the body to a request without one, and 415 to a body that is not JSON", async () => {
    const { call } = await plannedHarness();
    const empty = await call("POST", dinnerVariant);
    expect(empty.status).toBe(400);
    expect(issuePaths(parseErrorBody(empty.json()).details)).toEqual(["body"]);
    const text = await call("POST", dinnerVariant, {
      body: "replace chicken with tofu",
      headers: { "content-type": "text/plain" },
    });
    expect(text.status).toBe(415);
    expect(parseErrorBody(text.json()).message).toBe("Unsupported Media Type");
  });

  it("answers 400 malformed_request for malformed JSON", async () => {
    const { call } = await plannedHarness();
    const res = await call("POST", dinnerVariant, {
      body: '{"ops": [{"op": "replace_ingredient",',
      headers: { "content-type": "application/json" },
    });
    expect(res.status).toBe(400);
    expect(parseErrorBody(res.json()).code).toBe("malformed_request");
  });

  it.each([
    ["a date that does not exist", `/plans/${SNAPSHOT}/meals/2025-02-30/dinner/variant`, "path.date"],
    ["an unknown meal type", `/plans/${SNAPSHOT}/meals/${DINNER.date}/brunch/variant`, "path.meal_type"],
    ["a snapshot id with a colon", `/plans/week:1/meals/${DINNER.date}/dinner/variant`, "path.snapshot_id"],
    ["a snapshot id with a '#'", `/plans/week%231/meals/${DINNER.date}/dinner/variant`, "path.snapshot_id"],
    ["a snapshot id with a '/'", `/plans/week%2F1/meals/${DINNER.date}/dinner/variant`, "path.snapshot_id"],
    [
      "a snapshot id too long",
      `/plans/${"w".repeat(65)}/meals/${DINNER.date}/dinner/variant`,
      "path.snapshot_id",
    ],
    ["a date that is not YYYY-MM-DD", `/plans/${SNAPSHOT}/meals/03-01-2025/dinner/variant`, "path.date"],
  ])("answers 400 naming the path parameter for %s", async (_what, path, field) => {
    const { call } = await plannedHarness();
    const res = await call("POST", path, { body: { ops: [REPLACE_CHICKEN_WITH_TOFU] } });
    expect(res.status).toBe(400);
    expect(issuePaths(parseErrorBody(res.json()).details)).toEqual([field]);
  });

  it("answers 404 for a snapshot or a meal that does not exist", async () => {
    const { call } = await plannedHarness();
    const body = { ops: [REPLACE_CHICKEN_WITH_TOFU] };
    expect((await call("POST", `${mealPath("no-such-plan", DINNER)}/variant`, { body })).status).toBe(404);
    const notPlanned = { date: "2025-01-10", meal_type: "breakfast" };
    expect((await call("POST", `${mealPath(SNAPSHOT, notPlanned)}/variant`, { body })).status).toBe(404);
  });

  it("keeps both edits when another edit of the same meal lands while one is being saved", async () => {
    let raced = false;
    const harness = createCookAppHarness({
      plans: {
        beforeSaveMeal: async () => {
          if (raced) return;
          raced = true;
          const rival = await harness.call("POST", dinnerVariant, {
            body: { ops: [REPLACE_RICE_WITH_QUINOA] },
          });
          expect(rival.status).toBe(200);
        },
      },
    });
    await seedPlan(harness.call, SNAPSHOT);
    const res = await harness.call("POST", dinnerVariant, { body: { ops: [REPLACE_CHICKEN_WITH_TOFU] } });
    expect(res.status).toBe(200);
    const { variant } = Applied.parse(res.json());
    expect(variant.patch_ops.map((op) => op.replacement?.name).sort()).toEqual(["firm tofu", "quinoa"]);
  });

  it("answers 409 when every save loses the race to another writer", async () => {
    let competing = false;
    const harness = createCookAppHarness({
      plans: {
        beforeSaveMeal: async (snapshotId, meal) => {
          if (competing) return;
          competing = true;
          try {
            // Another writer saves the same meal first, moving its version on.
            const plans = harness.tenantDeps("alice").plans;
            const current = await plans.getMeal(snapshotId, meal.date, meal.meal_type);
            if (current) await plans.saveMeal(snapshotId, current.meal, current.version);
          } finally {
            competing = false;
          }
        },
      },
    });
    await seedPlan(harness.call, SNAPSHOT);
    const res = await harness.call("POST", dinnerVariant, { body: { ops: [REPLACE_CHICKEN_WITH_TOFU] } });
    expect(res.status).toBe(409);
    expect((await dinnerOf(harness.call)).modified).toBe(false);
  });
});

describe("POST …/variant with an instruction, offline (no LLM generators)", () => {
  it("turns a plain instruction into ops with the rule-based parser", async () => {
    const { call } = await plannedHarness();
    const res = await call("POST", dinnerVariant, { body: { instruction: "replace chicken with tofu" } });
    expect(res.status).toBe(200);
    const { variant } = Applied.parse(res.json());
    expect(variant.compiled_recipe.ingredients_raw.some((line) => line.includes("tofu"))).toBe(true);
    expect(variant.compiled_recipe.ingredients_raw.some((line) => line.includes("chicken"))).toBe(false);
  });

  it("asks for clarification, writing nothing, for an instruction it cannot parse", async () => {
    const { call } = await plannedHarness();
    const res = await call("POST", dinnerVariant, { body: { instruction: "make it more exciting somehow" } });
    expect(res.status).toBe(200);
    expect(Clarification.parse(res.json()).clarification_message).not.toBe("");
    expect((await dinnerOf(call)).modified).toBe(false);
  });
});

describe("DELETE /plans/{snapshot_id}/meals/{date}/{meal_type}/variant", () => {
  it("answers 204 with no body and the meal is back to its base recipe", async () => {
    const { call } = await plannedHarness();
    await call("POST", dinnerVariant, { body: { ops: [REPLACE_CHICKEN_WITH_TOFU] } });
    const res = await call("DELETE", dinnerVariant);
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
    const meal = await dinnerOf(call);
    expect(meal.modified).toBe(false);
    expect(meal.variant).toBeUndefined();
    expect(meal.components).toHaveLength(1);
  });

  it("answers 204 for a meal without a variant, and 404 for a meal that is not planned", async () => {
    const { call } = await plannedHarness();
    expect((await call("DELETE", `${mealPath(SNAPSHOT, LUNCH)}/variant`)).status).toBe(204);
    const missing = await call(
      "DELETE",
      `${mealPath(SNAPSHOT, { date: "2025-01-09", meal_type: "snack" })}/variant`,
    );
    expect(missing.status).toBe(404);
  });
});
