import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  applyPatchOps,
  checkCoverage,
  createSnapshot,
  createVariantFromOps,
  getSnapshot,
  mergePatchOps,
  type PatchOpInput,
  parseIngredientLine,
  parseInstructionOffline,
  type Recipe,
  scaleIngredientLine,
  validatePatchOps,
} from "../../../../functions/cook/domain";
import { createCookTestDeps } from "../../../support/cook/cook-test-deps";

/** Ingredient lines as recipes write them: integers, decimals (dot or comma), fractions, ranges, none. */
const FOODS = [
  "chicken",
  "white rice",
  "soy sauce",
  "garlic",
  "red lentils",
  "olive oil",
  "tomatoes",
  "feta cheese",
];
const quantityArb = fc.oneof(
  fc.integer({ min: 1, max: 900 }).map(String),
  fc.constantFrom("1/2", "1 1/2", "½", "1/3", "3/4", "2-3", "1.5", "0.25", "1,5"),
);
const unitArb = fc.constantFrom("g", "kg", "ml", "l", "cups", "tbsp", "tsp", "cloves", "");
const lineArb = fc.oneof(
  fc
    .tuple(quantityArb, unitArb, fc.constantFrom(...FOODS))
    .map(([q, u, f]) => [q, u, f].filter(Boolean).join(" ")),
  fc.constantFrom("salt to taste", "freshly ground black pepper", "sal q.b."),
);
const recipeArb: fc.Arbitrary<Recipe> = fc
  .array(lineArb, { minLength: 2, maxLength: 12 })
  .map((ingredients_raw) => ({
    recipe_id: "r1",
    name: "Test Dish",
    servings: 4,
    ingredients_raw,
    steps: ["Cook."],
  }));

/** A valid request for a recipe: disjoint replace/remove targets, a few additions, maybe one scale. */
const validOpsArb = (recipe: Recipe): fc.Arbitrary<PatchOpInput[]> => {
  const n = recipe.ingredients_raw.length;
  return fc
    .record({
      kinds: fc.array(fc.constantFrom("keep", "replace", "remove"), { minLength: n, maxLength: n }),
      adds: fc.uniqueArray(
        fc.constantFrom("1 lime", "2 tbsp sesame seeds", "fresh coriander", "1 red chilli"),
        {
          maxLength: 3,
        },
      ),
      scale: fc.option(fc.constantFrom(0.5, 1.5, 2, 3, 1 / 3), { nil: undefined }),
    })
    .filter(({ kinds, adds }) => kinds.some((kind) => kind !== "remove") || adds.length > 0)
    .map(({ kinds, adds, scale }) => {
      const ops: PatchOpInput[] = [];
      kinds.forEach((kind, index) => {
        const line = recipe.ingredients_raw[index] ?? "";
        if (kind === "replace") {
          ops.push({
            op: "replace_ingredient",
            target_index: index,
            target_name: line,
            replacement: { name: "tofu", quantity: "200 g" },
          });
        }
        if (kind === "remove")
          ops.push({ op: "remove_ingredient", target_index: index, target_name: line, acknowledged: true });
      });
      for (const line of adds) ops.push({ op: "add_ingredient", new_ingredient: line });
      if (scale !== undefined) ops.push({ op: "scale_servings", scale_factor: scale });
      return ops;
    })
    .filter((ops) => ops.length > 0);
};

const recipeWithOpsArb = recipeArb.chain((recipe) => validOpsArb(recipe).map((ops) => ({ recipe, ops })));

/** `shuffled` with its add ops put back in their original relative order (they append in request order). */
const keepAdditionOrder = (original: PatchOpInput[], shuffled: PatchOpInput[]): PatchOpInput[] => {
  const additions = original.filter((op) => op.op === "add_ingredient");
  let next = 0;
  return shuffled.map((op) => (op.op === "add_ingredient" ? (additions[next++] ?? op) : op));
};

const validated = (recipe: Recipe, ops: unknown) => {
  const result = validatePatchOps(recipe, ops);
  if (!result.ok) throw new Error(result.reasons.join("; "));
  return result.ops;
};

describe("patch engine properties", () => {
  it("coverage: every valid request passes validation, and apply keeps all but the removed ingredients", () => {
    fc.assert(
      fc.property(recipeWithOpsArb, ({ recipe, ops }) => {
        const canonical = validated(recipe, ops);
        const compiled = applyPatchOps(recipe, canonical, "v").ingredients_raw;
        expect(checkCoverage(recipe.ingredients_raw, canonical, compiled)).toEqual([]);
        const removed = canonical.filter((op) => op.op === "remove_ingredient").length;
        const added = canonical.filter((op) => op.op === "add_ingredient").length;
        expect(compiled).toHaveLength(recipe.ingredients_raw.length - removed + added);
      }),
    );
  });

  it("ordering: listing ops in another order changes nothing, but additions keep their relative order", () => {
    fc.assert(
      fc.property(
        recipeWithOpsArb.chain(({ recipe, ops }) =>
          fc
            .shuffledSubarray(ops, { minLength: ops.length, maxLength: ops.length })
            .map((shuffled) => ({ recipe, ops, shuffled: keepAdditionOrder(ops, shuffled) })),
        ),
        ({ recipe, ops, shuffled }) => {
          const a = applyPatchOps(recipe, validated(recipe, ops), "v");
          const b = applyPatchOps(recipe, validated(recipe, shuffled), "v");
          expect(b).toEqual(a);
        },
      ),
    );
  });

  it("ordering: survivors keep their base order, replacements sit at their index, additions come last unscaled", () => {
    fc.assert(
      fc.property(recipeWithOpsArb, ({ recipe, ops }) => {
        const canonical = validated(recipe, ops);
        const compiled = applyPatchOps(recipe, canonical, "v").ingredients_raw;
        const removed = new Set(
          canonical.flatMap((op) => (op.op === "remove_ingredient" ? [op.target_index] : [])),
        );
        const replaced = new Set(
          canonical.flatMap((op) => (op.op === "replace_ingredient" ? [op.target_index] : [])),
        );
        const survivors = recipe.ingredients_raw.flatMap((line, index) =>
          removed.has(index) ? [] : [{ line, index }],
        );
        survivors.forEach(({ line, index }, position) => {
          const out = compiled[position] ?? "";
          if (replaced.has(index)) expect(out).toBe("200 g tofu");
          else expect(parseIngredientLine(out).description).toBe(parseIngredientLine(line).description);
        });
        const adds = canonical.flatMap((op) => (op.op === "add_ingredient" ? [op.new_ingredient] : []));
        expect(compiled.slice(survivors.length)).toEqual(adds);
      }),
    );
  });

  it("merging a request into itself changes nothing (idempotent re-send)", () => {
    fc.assert(
      fc.property(recipeWithOpsArb, ({ recipe, ops }) => {
        const canonical = validated(recipe, ops);
        const merged = validated(recipe, mergePatchOps(canonical, canonical));
        expect(applyPatchOps(recipe, merged, "v")).toEqual(applyPatchOps(recipe, canonical, "v"));
      }),
    );
  });

  it("idempotent reads: a stored variant reads back the same every time", async () => {
    await fc.assert(
      fc.asyncProperty(recipeWithOpsArb, async ({ recipe, ops }) => {
        const deps = createCookTestDeps({ recipes: [recipe] });
        const meal = { date: "2025-01-03", meal_type: "dinner", recipe_id: recipe.recipe_id } as const;
        await createSnapshot(deps, { snapshot_id: "s", planned_meals: [meal] });
        const { variant } = await createVariantFromOps(deps, { snapshot_id: "s", ...meal, ops });
        const first = await getSnapshot(deps, "s");
        deps.clock.advance(3_600_000);
        const second = await getSnapshot(deps, "s");
        expect(second).toEqual(first);
        expect(first.planned_meals[0]?.variant).toEqual(variant);
      }),
      { numRuns: 30 },
    );
  });

  it("the validator never throws, whatever it is given", () => {
    fc.assert(
      fc.property(recipeArb, fc.anything(), (recipe, ops) => {
        const result = validatePatchOps(recipe, ops);
        if (!result.ok) expect(result.reasons.length).toBeGreaterThan(0);
      }),
    );
  });

  it("the offline parser answers valid ops or a clarification for any text", () => {
    fc.assert(
      fc.property(recipeArb, fc.string({ maxLength: 80 }), (recipe, instruction) => {
        const result = parseInstructionOffline(recipe, instruction);
        if (result.needs_clarification) {
          expect(result.ops).toEqual([]);
          expect(result.clarification_message).toBeTruthy();
        } else if (result.ops.length > 0) {
          const check = validatePatchOps(recipe, result.ops);
          // Only a request the user could have phrased wrongly may fail (e.g. "for 200 people").
          if (!check.ok)
            expect(check.reasons.join(" ")).toMatch(/scale_factor|both|same ingredient|no ingredients/);
        }
      }),
    );
  });
});

describe("scaling properties", () => {
  const parsedAmount = (line: string) => {
    const parsed = parseIngredientLine(line);
    return { low: parsed.quantity, high: parsed.quantity2, description: parsed.description };
  };

  it("multiplies the quantity (and both ends of a range) within rounding, keeping the food", () => {
    fc.assert(
      fc.property(
        fc
          .tuple(quantityArb, unitArb, fc.constantFrom(...FOODS))
          .map(([q, u, f]) => [q, u, f].filter(Boolean).join(" ")),
        fc.constantFrom(0.5, 2, 3, 1.5, 4, 0.25),
        (line, factor) => {
          const before = parsedAmount(line);
          const result = scaleIngredientLine(line, factor);
          expect(result.outcome).toBe("scaled");
          const after = parsedAmount(result.text);
          expect(after.description).toBe(before.description);
          const tolerance = (value: number) => Math.max(0.011, value * factor * 0.01);
          expect(Math.abs((after.low ?? 0) - (before.low ?? 0) * factor)).toBeLessThanOrEqual(
            tolerance(before.low ?? 0),
          );
          if (before.high !== null) {
            expect(Math.abs((after.high ?? 0) - before.high * factor)).toBeLessThanOrEqual(
              tolerance(before.high),
            );
          }
        },
      ),
    );
  });

  it("never writes floating-point noise", () => {
    fc.assert(
      fc.property(quantityArb, fc.double({ min: 0.1, max: 20, noNaN: true }), (quantity, factor) => {
        const text = scaleIngredientLine(`${quantity} cups milk`, factor).text;
        expect(text).not.toMatch(/\d[.,]\d{3,}/);
      }),
    );
  });
});
