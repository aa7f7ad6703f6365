import { describe, expect, it } from "vitest";
import { COOK_LIMITS, type PatchOpInput, validatePatchOps } from "../../../../functions/cook/domain";
import { chickenStirFry } from "../../../support/cook/recipes";

const replaceRice: PatchOpInput = {
  op: "replace_ingredient",
  target_index: 2,
  target_name: "white rice",
  replacement: { name: "brown rice", quantity: "2 cups" },
};

const reasonsOf = (ops: unknown): string[] => {
  const result = validatePatchOps(chickenStirFry, ops);
  return result.ok ? [] : result.reasons;
};

describe("validatePatchOps", () => {
  it("passes seed 001's example op and returns it in canonical form", () => {
    const result = validatePatchOps(chickenStirFry, [replaceRice]);
    expect(result).toEqual({
      ok: true,
      ops: [{ ...replaceRice, acknowledged: false, reason: "user_request" }],
    });
  });

  it("drops fields an op does not use from its canonical form", () => {
    const result = validatePatchOps(chickenStirFry, [
      { op: "scale_servings", scale_factor: 2, target_index: null, replacement: null, new_ingredient: null },
    ]);
    expect(result.ok && result.ops[0]).toEqual({
      op: "scale_servings",
      scale_factor: 2,
      acknowledged: false,
      reason: "user_request",
    });
  });

  it("fails schema validation for an unknown op, naming where", () => {
    const reasons = reasonsOf([{ op: "edit_step", target_index: 0 }]);
    expect(reasons).toHaveLength(1);
    expect(reasons[0]).toMatch(/^schema: 0\.op/);
  });

  it("fails when ops is not a list, or is empty", () => {
    expect(reasonsOf({ op: "scale_servings" })[0]).toMatch(/^schema/);
    expect(reasonsOf([])).toEqual(["no ops to apply"]);
  });

  it("fails when target_index is out of range, either side", () => {
    expect(reasonsOf([{ ...replaceRice, target_index: 7 }])[0]).toContain("target_index 7 is out of range");
    expect(reasonsOf([{ ...replaceRice, target_index: -1 }])[0]).toContain("target_index -1 is out of range");
  });

  it("fails when target_index or target_name is missing for replace and remove", () => {
    expect(reasonsOf([{ ...replaceRice, target_index: null }])).toEqual([
      "op 0 (replace_ingredient): target_index is required",
    ]);
    expect(reasonsOf([{ op: "remove_ingredient", target_index: 2, acknowledged: true }])).toEqual([
      "op 0 (remove_ingredient): target_name is required",
    ]);
  });

  it("fails when target_name is not a substring of the ingredient at target_index", () => {
    const reasons = reasonsOf([{ ...replaceRice, target_index: 1, target_name: "white rice" }]);
    expect(reasons).toEqual([
      'op 0 (replace_ingredient): target_name "white rice" does not match ingredient 1 ("2 tbsp soy sauce")',
    ]);
  });

  it("matches target_name case-insensitively and as a substring", () => {
    expect(validatePatchOps(chickenStirFry, [{ ...replaceRice, target_name: "WHITE Rice" }]).ok).toBe(true);
    expect(validatePatchOps(chickenStirFry, [{ ...replaceRice, target_name: "rice" }]).ok).toBe(true);
  });

  it("fails a replace without a replacement", () => {
    expect(reasonsOf([{ ...replaceRice, replacement: null }])).toEqual([
      "op 0 (replace_ingredient): replacement { name, quantity } is required",
    ]);
  });

  it("fails a remove that is not acknowledged, and passes it when it is", () => {
    const remove = { op: "remove_ingredient", target_index: 5, target_name: "garlic" } as const;
    expect(reasonsOf([remove])).toEqual([
      "op 0 (remove_ingredient): removing an ingredient requires acknowledged: true",
    ]);
    expect(validatePatchOps(chickenStirFry, [{ ...remove, acknowledged: true }]).ok).toBe(true);
  });

  it("fails an add without new_ingredient", () => {
    expect(reasonsOf([{ op: "add_ingredient", new_ingredient: "  " }])).toEqual([
      "op 0 (add_ingredient): new_ingredient is required",
    ]);
  });

  it("bounds scale_factor to (0, scaleFactorMax]", () => {
    for (const scale_factor of [0, -1, COOK_LIMITS.scaleFactorMax + 0.5]) {
      expect(reasonsOf([{ op: "scale_servings", scale_factor }])[0], String(scale_factor)).toContain(
        "scale_factor must be greater than 0",
      );
    }
    expect(reasonsOf([{ op: "scale_servings" }])).toEqual([
      "op 0 (scale_servings): scale_factor is required",
    ]);
    expect(
      validatePatchOps(chickenStirFry, [{ op: "scale_servings", scale_factor: COOK_LIMITS.scaleFactorMax }])
        .ok,
    ).toBe(true);
    expect(validatePatchOps(chickenStirFry, [{ op: "scale_servings", scale_factor: 0.25 }]).ok).toBe(true);
  });

  it("fails two ops on the same ingredient in one request", () => {
    const remove = {
      op: "remove_ingredient",
      target_index: 2,
      target_name: "rice",
      acknowledged: true,
    } as const;
    expect(reasonsOf([replaceRice, remove])).toEqual(["ops 0 and 1 both target ingredient 2"]);
  });

  it("fails two scale ops and the same addition twice in one request", () => {
    expect(
      reasonsOf([
        { op: "scale_servings", scale_factor: 2 },
        { op: "scale_servings", scale_factor: 3 },
      ]),
    ).toEqual(["ops 0 and 1 both scale the recipe"]);
    expect(
      reasonsOf([
        { op: "add_ingredient", new_ingredient: "1 lime" },
        { op: "add_ingredient", new_ingredient: "1 LIME " },
      ]),
    ).toEqual(["ops 0 and 1 add the same ingredient"]);
  });

  it("reports every failing op, not just the first", () => {
    const reasons = reasonsOf([
      { ...replaceRice, target_index: 9 },
      { op: "remove_ingredient", target_index: 0, target_name: "chicken" },
    ]);
    expect(reasons).toHaveLength(2);
  });

  it("fails when the variant would have no ingredients left", () => {
    const removeAll = chickenStirFry.ingredients_raw.map((line, index) => ({
      op: "remove_ingredient" as const,
      target_index: index,
      target_name: line,
      acknowledged: true,
    }));
    expect(reasonsOf(removeAll)).toEqual(["the variant would have no ingredients left"]);
  });

  it("fails more ops than a variant may hold", () => {
    const ops = Array.from({ length: COOK_LIMITS.opsPerVariant + 1 }, (_, i) => ({
      op: "add_ingredient" as const,
      new_ingredient: `${i + 1} lime`,
    }));
    expect(reasonsOf(ops)[0]).toContain("too many ops");
  });
});
