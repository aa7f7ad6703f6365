import { describe, expect, it } from "vitest";
import { applyPatchOps, type PatchOp, PatchOpSchema } from "../../../../functions/cook/domain";
import { chickenStirFry } from "../../../support/cook/recipes";

const op = (input: Record<string, unknown>): PatchOp => PatchOpSchema.parse(input);
const VARIANT_ID = "variant:snap_abc123:2025-01-03:dinner";

describe("applyPatchOps", () => {
  it("names the compiled recipe '{name} (modified)' with the variant id as its id, steps unchanged", () => {
    const compiled = applyPatchOps(
      chickenStirFry,
      [op({ op: "add_ingredient", new_ingredient: "1 lime" })],
      VARIANT_ID,
    );
    expect(compiled.id).toBe(VARIANT_ID);
    expect(compiled.name).toBe("Chicken Stir Fry (modified)");
    expect(compiled.steps).toEqual(chickenStirFry.steps);
  });

  it("writes a replacement as '{quantity} {name}' at the same index", () => {
    const compiled = applyPatchOps(
      chickenStirFry,
      [
        op({
          op: "replace_ingredient",
          target_index: 2,
          target_name: "white rice",
          replacement: { name: "brown rice", quantity: "2 cups" },
        }),
      ],
      VARIANT_ID,
    );
    expect(compiled.ingredients_raw[2]).toBe("2 cups brown rice");
    expect(compiled.ingredients_raw).toHaveLength(chickenStirFry.ingredients_raw.length);
  });

  it("writes a replacement with an empty quantity as just the name", () => {
    const compiled = applyPatchOps(
      chickenStirFry,
      [
        op({
          op: "replace_ingredient",
          target_index: 6,
          target_name: "salt",
          replacement: { name: "sea salt", quantity: "" },
        }),
      ],
      VARIANT_ID,
    );
    expect(compiled.ingredients_raw[6]).toBe("sea salt");
  });

  it("scales first and never scales the replacement or the addition of the same variant", () => {
    const compiled = applyPatchOps(
      chickenStirFry,
      [
        op({ op: "add_ingredient", new_ingredient: "1 lime, in wedges" }),
        op({
          op: "replace_ingredient",
          target_index: 0,
          target_name: "chicken",
          replacement: { name: "firm tofu", quantity: "400 g" },
        }),
        op({ op: "scale_servings", scale_factor: 2 }),
      ],
      VARIANT_ID,
    );
    expect(compiled.ingredients_raw[0]).toBe("400 g firm tofu");
    expect(compiled.ingredients_raw[1]).toBe("4 tbsp soy sauce");
    expect(compiled.ingredients_raw[2]).toBe("4 cups white rice");
    expect(compiled.ingredients_raw.at(-1)).toBe("1 lime, in wedges");
    expect(compiled.servings).toBe(8);
  });

  it("removes in descending index order, so several removals hit the lines their indices named", () => {
    const compiled = applyPatchOps(
      chickenStirFry,
      [
        op({ op: "remove_ingredient", target_index: 1, target_name: "soy", acknowledged: true }),
        op({ op: "remove_ingredient", target_index: 3, target_name: "vinegar", acknowledged: true }),
        op({ op: "remove_ingredient", target_index: 6, target_name: "salt", acknowledged: true }),
      ],
      VARIANT_ID,
    );
    expect(compiled.ingredients_raw).toEqual([
      "500 g chicken thighs, cut into strips",
      "2 cups white rice",
      "1 red bell pepper, sliced",
      "3 cloves garlic, minced",
    ]);
  });

  it("indexes the base recipe for a replace and a remove in the same request", () => {
    const compiled = applyPatchOps(
      chickenStirFry,
      [
        op({ op: "remove_ingredient", target_index: 0, target_name: "chicken", acknowledged: true }),
        op({
          op: "replace_ingredient",
          target_index: 2,
          target_name: "white rice",
          replacement: { name: "quinoa", quantity: "2 cups" },
        }),
      ],
      VARIANT_ID,
    );
    expect(compiled.ingredients_raw.slice(0, 2)).toEqual(["2 tbsp soy sauce", "2 cups quinoa"]);
  });

  it("appends additions at the end in request order", () => {
    const compiled = applyPatchOps(
      chickenStirFry,
      [
        op({ op: "add_ingredient", new_ingredient: "1 lime" }),
        op({ op: "add_ingredient", new_ingredient: "fresh coriander" }),
      ],
      VARIANT_ID,
    );
    expect(compiled.ingredients_raw.slice(-2)).toEqual(["1 lime", "fresh coriander"]);
  });

  it("leaves servings out when the base recipe does not state them", () => {
    const { servings: _omitted, ...noServings } = chickenStirFry;
    const compiled = applyPatchOps(noServings, [op({ op: "scale_servings", scale_factor: 2 })], VARIANT_ID);
    expect(compiled).not.toHaveProperty("servings");
  });

  it("does not modify the base recipe it is given", () => {
    const before = structuredClone(chickenStirFry);
    applyPatchOps(
      chickenStirFry,
      [op({ op: "remove_ingredient", target_index: 0, target_name: "chicken", acknowledged: true })],
      VARIANT_ID,
    );
    expect(chickenStirFry).toEqual(before);
  });
});
