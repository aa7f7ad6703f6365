import { describe, expect, it } from "vitest";
import { scaleOf, variantRows } from "../../../web/src/lib/variant-rows";

const BASE = ["500 g chicken breast, thinly sliced", "2 cups white rice", "3 tbsp soy sauce", "1 red pepper"];

describe("variantRows: the base recipe's lines beside the variant's, each marked by the op that made it", () => {
  it("marks a replaced, a removed and an added line, and leaves the others the same", () => {
    const rows = variantRows(
      BASE,
      [
        { op: "replace_ingredient", target_index: 0, replacement: { name: "firm tofu", quantity: "400 g" } },
        { op: "remove_ingredient", target_index: 2 },
        { op: "add_ingredient", new_ingredient: "1 lime" },
      ],
      ["400 g firm tofu", "2 cups white rice", "1 red pepper", "1 lime"],
    );
    expect(rows).toEqual([
      { change: "replaced", base: BASE[0], variant: "400 g firm tofu" },
      { change: "same", base: BASE[1], variant: "2 cups white rice" },
      { change: "removed", base: BASE[2] },
      { change: "same", base: BASE[3], variant: "1 red pepper" },
      { change: "added", variant: "1 lime" },
    ]);
  });

  it("marks the lines a scale changed as scaled, and a line it could not scale as the same", () => {
    const ops = [{ op: "scale_servings" as const, scale_factor: 2 }];
    const rows = variantRows(BASE, ops, [
      "1000 g chicken breast, thinly sliced",
      "4 cups white rice",
      "6 tbsp soy sauce",
      "2 red pepper",
    ]);
    expect(rows.map((row) => row.change)).toEqual(["scaled", "scaled", "scaled", "scaled"]);
    expect(scaleOf(ops)).toBe(2);
    expect(variantRows(["salt to taste"], ops, ["salt to taste"])[0]?.change).toBe("same");
  });

  it("finds a target named, not indexed, and has no scale without a scale op", () => {
    const ops = [{ op: "remove_ingredient" as const, target_index: null, target_name: "soy sauce" }];
    expect(variantRows(BASE, ops, [BASE[0], BASE[1], BASE[3]] as string[]).map((row) => row.change)).toEqual([
      "same",
      "same",
      "removed",
      "same",
    ]);
    expect(scaleOf(ops)).toBeUndefined();
  });
});
