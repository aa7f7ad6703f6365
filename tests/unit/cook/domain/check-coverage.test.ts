import { describe, expect, it } from "vitest";
import { applyPatchOps, checkCoverage, PatchOpSchema } from "../../../../functions/cook/domain";
import { chickenStirFry } from "../../../support/cook/recipes";

const base = chickenStirFry.ingredients_raw;
const ops = [
  PatchOpSchema.parse({
    op: "replace_ingredient",
    target_index: 0,
    target_name: "chicken",
    replacement: { name: "firm tofu", quantity: "400 g" },
  }),
  PatchOpSchema.parse({
    op: "remove_ingredient",
    target_index: 5,
    target_name: "garlic",
    acknowledged: true,
  }),
  PatchOpSchema.parse({ op: "add_ingredient", new_ingredient: "1 lime" }),
];

describe("checkCoverage (seed 001's Coverage Check Spec)", () => {
  it("passes the applied result of replace, remove and add", () => {
    expect(checkCoverage(base, ops, applyPatchOps(chickenStirFry, ops, "v").ingredients_raw)).toEqual([]);
  });

  it("passes a scaled result: quantities change, foods stay", () => {
    const scale = [PatchOpSchema.parse({ op: "scale_servings", scale_factor: 2 })];
    expect(checkCoverage(base, scale, applyPatchOps(chickenStirFry, scale, "v").ingredients_raw)).toEqual([]);
  });

  it("fails when an ingredient disappears without a remove_ingredient op", () => {
    const compiled = applyPatchOps(chickenStirFry, ops, "v").ingredients_raw.filter(
      (line) => !line.includes("soy"),
    );
    const reasons = checkCoverage(base, ops, compiled);
    expect(reasons).toContain(
      'coverage: ingredient 1 ("2 tbsp soy sauce") disappeared without a remove_ingredient op',
    );
  });

  it("fails when a replaced ingredient's replacement is not at its index", () => {
    const compiled = [...base.filter((_, i) => i !== 5), "1 lime"];
    expect(checkCoverage(base, ops, compiled)).toContain(
      'coverage: the replacement of ingredient 0 ("500 g chicken thighs, cut into strips") is missing',
    );
  });

  it("fails when an added ingredient is missing or lines are left over", () => {
    const compiled = applyPatchOps(chickenStirFry, ops, "v").ingredients_raw.slice(0, -1);
    const reasons = checkCoverage(base, ops, compiled);
    expect(reasons).toContain('coverage: the added ingredient "1 lime" is missing from the end of the list');
    expect(checkCoverage(base, [], [...base, "1 stowaway"])).toEqual([
      "coverage: expected 7 ingredients after apply, found 8",
    ]);
  });
});
