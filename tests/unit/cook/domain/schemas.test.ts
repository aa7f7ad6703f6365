import { describe, expect, it } from "vitest";
import {
  COOK_LIMITS,
  CreateSnapshotBodySchema,
  MealEditOpSchema,
  PatchGenResultSchema,
  PatchOpSchema,
  PlannedMealInputSchema,
  parseVariantRequestBody,
  RecipeBodySchema,
  RecipeVariantSchema,
} from "../../../../functions/cook/domain";
import { ValidationError } from "../../../../functions/core/errors";

const meal = { date: "2025-01-03", meal_type: "dinner", recipe_id: "123456" };

describe("PatchOp schema (seed 001 verbatim)", () => {
  it("defaults acknowledged to false and reason to user_request", () => {
    const op = PatchOpSchema.parse({ op: "add_ingredient", new_ingredient: "1 lime" });
    expect(op.acknowledged).toBe(false);
    expect(op.reason).toBe("user_request");
  });

  it("accepts null for the optional fields, as a model fills them", () => {
    const parsed = PatchOpSchema.safeParse({
      op: "scale_servings",
      target_index: null,
      target_name: null,
      replacement: null,
      new_ingredient: null,
      scale_factor: 2,
    });
    expect(parsed.success).toBe(true);
  });

  it("rejects an unknown op and a non-integer target_index", () => {
    expect(PatchOpSchema.safeParse({ op: "edit_step" }).success).toBe(false);
    expect(PatchOpSchema.safeParse({ op: "remove_ingredient", target_index: 1.5 }).success).toBe(false);
  });

  it("PatchGenResult defaults to no ops and no clarification", () => {
    expect(PatchGenResultSchema.parse({})).toEqual({ ops: [], needs_clarification: false });
  });
});

describe("PlannedMeal schema", () => {
  it("accepts a real date and each meal type", () => {
    for (const meal_type of ["breakfast", "lunch", "dinner", "snack"]) {
      expect(PlannedMealInputSchema.safeParse({ ...meal, meal_type }).success).toBe(true);
    }
    expect(PlannedMealInputSchema.safeParse({ ...meal, date: "2024-02-29" }).success).toBe(true);
  });

  it("rejects dates that do not exist or are not YYYY-MM-DD", () => {
    for (const date of ["2025-02-29", "2025-04-31", "2025-13-01", "2025-1-3", "03/01/2025", ""]) {
      expect(PlannedMealInputSchema.safeParse({ ...meal, date }).success, date).toBe(false);
    }
  });

  it("rejects an unknown meal type and a recipe id with a colon", () => {
    expect(PlannedMealInputSchema.safeParse({ ...meal, meal_type: "brunch" }).success).toBe(false);
    expect(PlannedMealInputSchema.safeParse({ ...meal, recipe_id: "variant:x" }).success).toBe(false);
  });

  it("accepts main and side components and bounds their number", () => {
    const components = [{ role: "side", recipe_id: "garlic-bread" }];
    expect(PlannedMealInputSchema.safeParse({ ...meal, components }).success).toBe(true);
    const tooMany = Array.from({ length: COOK_LIMITS.componentsPerMeal + 1 }, () => components[0]);
    expect(PlannedMealInputSchema.safeParse({ ...meal, components: tooMany }).success).toBe(false);
    expect(
      PlannedMealInputSchema.safeParse({ ...meal, components: [{ role: "dessert", recipe_id: "x" }] })
        .success,
    ).toBe(false);
  });
});

describe("CreateSnapshotBody schema", () => {
  it("refuses two meals with the same date and meal type, naming the second", () => {
    const parsed = CreateSnapshotBodySchema.safeParse({
      planned_meals: [meal, { ...meal, recipe_id: "other" }],
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(["planned_meals", 1]);
  });

  it("refuses an empty plan and an oversized one", () => {
    expect(CreateSnapshotBodySchema.safeParse({ planned_meals: [] }).success).toBe(false);
    const days = Array.from({ length: COOK_LIMITS.plannedMealsPerSnapshot + 1 }, (_, i) => ({
      ...meal,
      date: new Date(Date.UTC(2025, 0, 1 + i)).toISOString().slice(0, 10),
    }));
    expect(CreateSnapshotBodySchema.safeParse({ planned_meals: days }).success).toBe(false);
  });
});

describe("Recipe body schema", () => {
  const body = { name: "Toast", ingredients_raw: ["1 slice bread"], steps: ["Toast it."] };

  it("accepts a recipe without servings", () => {
    expect(RecipeBodySchema.safeParse(body).success).toBe(true);
  });

  it("bounds line length, list sizes and servings", () => {
    const longLine = "x".repeat(COOK_LIMITS.ingredientLineLength + 1);
    expect(RecipeBodySchema.safeParse({ ...body, ingredients_raw: [longLine] }).success).toBe(false);
    expect(RecipeBodySchema.safeParse({ ...body, ingredients_raw: [] }).success).toBe(false);
    const manyLines = Array.from({ length: COOK_LIMITS.ingredientsPerRecipe + 1 }, () => "1 egg");
    expect(RecipeBodySchema.safeParse({ ...body, ingredients_raw: manyLines }).success).toBe(false);
    expect(RecipeBodySchema.safeParse({ ...body, servings: 0 }).success).toBe(false);
    expect(RecipeBodySchema.safeParse({ ...body, servings: 2.5 }).success).toBe(false);
  });
});

describe("MealEditOp schema", () => {
  it("parses each of add_component, remove_component and swap_component", () => {
    const ops = [
      { op: "add_component", component: { role: "side", recipe_id: "greek-salad" } },
      { op: "remove_component", target_index: 0, target_recipe_id: "garlic-bread", acknowledged: true },
      {
        op: "swap_component",
        target_index: 0,
        target_recipe_id: "garlic-bread",
        replacement: { recipe_id: "x" },
      },
    ];
    for (const op of ops) expect(MealEditOpSchema.safeParse(op).success, op.op).toBe(true);
  });
});

describe("RecipeVariant schema", () => {
  it("accepts seed 001's data shape example and only compiler_version v0", () => {
    const variant = {
      variant_id: "variant:snap_abc123:2025-01-03:dinner",
      base_recipe_id: "123456",
      patch_ops: [
        {
          op: "replace_ingredient",
          target_index: 2,
          target_name: "white rice",
          replacement: { name: "brown rice", quantity: "2 cups" },
          reason: "user_request",
        },
      ],
      compiled_recipe: {
        id: "variant:snap_abc123:2025-01-03:dinner",
        name: "Chicken Stir Fry (modified)",
        ingredients_raw: ["...", "2 cups brown rice", "..."],
        steps: ["..."],
      },
      warnings: [],
      compiled_at: "2025-12-27T10:00:00Z",
      compiler_version: "v0",
    };
    expect(RecipeVariantSchema.safeParse(variant).success).toBe(true);
    expect(RecipeVariantSchema.safeParse({ ...variant, compiler_version: "v1" }).success).toBe(false);
  });
});

describe("parseVariantRequestBody", () => {
  it("accepts { ops } and { instruction }", () => {
    expect(parseVariantRequestBody({ ops: [{ op: "scale_servings", scale_factor: 2 }] })).toHaveProperty(
      "ops",
    );
    expect(parseVariantRequestBody({ instruction: "double it" })).toEqual({ instruction: "double it" });
  });

  it("names the failing op field of an { ops } body", () => {
    try {
      parseVariantRequestBody({ ops: [{ op: "edit_step" }] });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).issues.map((issue) => issue.path)).toContain("ops.0.op");
    }
  });

  it("refuses a body with neither or both forms, an empty instruction and too many ops", () => {
    expect(() => parseVariantRequestBody({})).toThrow(ValidationError);
    expect(() => parseVariantRequestBody({ ops: [], instruction: "x" })).toThrow(ValidationError);
    expect(() => parseVariantRequestBody("double")).toThrow(ValidationError);
    expect(() => parseVariantRequestBody({ instruction: "   " })).toThrow(ValidationError);
    const ops = Array.from({ length: COOK_LIMITS.opsPerRequest + 1 }, () => ({
      op: "scale_servings",
      scale_factor: 2,
    }));
    expect(() => parseVariantRequestBody({ ops })).toThrow(ValidationError);
  });
});
