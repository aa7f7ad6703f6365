import { describe, expect, it } from "vitest";
import { mergePatchOps, type PatchOp, PatchOpSchema } from "../../../../functions/cook/domain";

const op = (input: Record<string, unknown>): PatchOp => PatchOpSchema.parse(input);
const replaceRice = op({
  op: "replace_ingredient",
  target_index: 2,
  target_name: "white rice",
  replacement: { name: "brown rice", quantity: "2 cups" },
});

describe("mergePatchOps", () => {
  it("keeps ops on different targets from both requests", () => {
    const removeGarlic = op({
      op: "remove_ingredient",
      target_index: 5,
      target_name: "garlic",
      acknowledged: true,
    });
    expect(mergePatchOps([replaceRice], [removeGarlic])).toEqual([replaceRice, removeGarlic]);
  });

  it("lets a later op on the same target index supersede the earlier one", () => {
    const quinoa = op({ ...replaceRice, replacement: { name: "quinoa", quantity: "2 cups" } });
    expect(mergePatchOps([replaceRice], [quinoa])).toEqual([quinoa]);
    const remove = op({ op: "remove_ingredient", target_index: 2, target_name: "rice", acknowledged: true });
    expect(mergePatchOps([replaceRice], [remove])).toEqual([remove]);
  });

  it("lets a later scale supersede the earlier one instead of multiplying", () => {
    const double = op({ op: "scale_servings", scale_factor: 2 });
    const triple = op({ op: "scale_servings", scale_factor: 3 });
    expect(mergePatchOps([double, replaceRice], [triple])).toEqual([replaceRice, triple]);
  });

  it("keeps one copy of a line added twice, and distinct additions both", () => {
    const lime = op({ op: "add_ingredient", new_ingredient: "1 lime" });
    const chilli = op({ op: "add_ingredient", new_ingredient: "1 red chilli" });
    expect(mergePatchOps([lime], [op({ op: "add_ingredient", new_ingredient: " 1 Lime" })])).toHaveLength(1);
    expect(mergePatchOps([lime], [op({ op: "add_ingredient", new_ingredient: "1  lime" })])).toHaveLength(1);
    expect(mergePatchOps([lime], [chilli])).toEqual([lime, chilli]);
  });

  it("is idempotent: merging the same request again changes nothing", () => {
    const request = [replaceRice, op({ op: "scale_servings", scale_factor: 2 })];
    const once = mergePatchOps([], request);
    expect(mergePatchOps(once, request)).toEqual(once);
  });
});
