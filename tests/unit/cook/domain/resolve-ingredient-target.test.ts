import { describe, expect, it } from "vitest";
import { resolveIngredientTarget } from "../../../../functions/cook/domain/variants/resolve-ingredient-target";

describe("resolveIngredientTarget reads each line's food with the ingredient reader", () => {
  it("picks the line whose food is the name when preparation words stand before it", () => {
    expect(resolveIngredientTarget(["1 cup hot, scalded milk", "2 tbsp milk powder"], "milk")).toEqual({
      kind: "found",
      index: 0,
      target_name: "milk",
    });
  });

  it("reads past a dual metric/imperial amount to the food", () => {
    expect(
      resolveIngredientTarget(["150g/5¼oz rice, rinsed", "1 tbsp rice vinegar", "2 tbsp rice flour"], "rice"),
    ).toMatchObject({ kind: "found", index: 0 });
  });

  it("stays ambiguous when two lines name the same food", () => {
    expect(resolveIngredientTarget(["200g/7oz rice", "1 cup rice"], "rice")).toMatchObject({
      kind: "ambiguous",
    });
  });
});
