import { describe, expect, it } from "vitest";
import {
  applyMealEditOps,
  type MealComponent,
  type MealEditOp,
  MealEditOpSchema,
  validateMealEditOps,
} from "../../../../functions/cook/domain";

const components: MealComponent[] = [
  { role: "side", recipe_id: "garlic-bread" },
  { role: "side", recipe_id: "greek-salad" },
];
const known = new Set(["garlic-bread", "greek-salad", "green-beans", "lentil-soup"]);
const op = (input: Record<string, unknown>): MealEditOp => MealEditOpSchema.parse(input);

describe("applyMealEditOps", () => {
  it("adds a component at the end", () => {
    expect(
      applyMealEditOps(components, [
        op({ op: "add_component", component: { role: "main", recipe_id: "lentil-soup" } }),
      ]),
    ).toEqual([...components, { role: "main", recipe_id: "lentil-soup" }]);
  });

  it("swaps in place, keeping the role unless a new one is given", () => {
    const swapped = applyMealEditOps(components, [
      op({
        op: "swap_component",
        target_index: 1,
        target_recipe_id: "greek-salad",
        replacement: { recipe_id: "green-beans" },
      }),
    ]);
    expect(swapped[1]).toEqual({ role: "side", recipe_id: "green-beans" });
  });

  it("orders swap → remove (descending) → add, every index naming the components as they were", () => {
    const result = applyMealEditOps(components, [
      op({ op: "add_component", component: { role: "side", recipe_id: "lentil-soup" } }),
      op({ op: "remove_component", target_index: 0, target_recipe_id: "garlic-bread", acknowledged: true }),
      op({
        op: "swap_component",
        target_index: 1,
        target_recipe_id: "greek-salad",
        replacement: { recipe_id: "green-beans" },
      }),
    ]);
    expect(result).toEqual([
      { role: "side", recipe_id: "green-beans" },
      { role: "side", recipe_id: "lentil-soup" },
    ]);
  });
});

describe("validateMealEditOps", () => {
  it("passes valid edits", () => {
    const ops = [
      op({ op: "remove_component", target_index: 0, target_recipe_id: "garlic-bread", acknowledged: true }),
    ];
    expect(validateMealEditOps(components, ops, known)).toEqual({ ok: true });
  });

  it("refuses an unacknowledged remove, a wrong target, an unknown recipe and an index out of range", () => {
    const result = validateMealEditOps(
      components,
      [
        op({ op: "remove_component", target_index: 0, target_recipe_id: "garlic-bread" }),
        op({
          op: "swap_component",
          target_index: 1,
          target_recipe_id: "garlic-bread",
          replacement: { recipe_id: "nope" },
        }),
        op({ op: "add_component", component: { role: "side", recipe_id: "missing" } }),
        op({ op: "remove_component", target_index: 4, target_recipe_id: "x", acknowledged: true }),
      ],
      known,
    );
    expect(result).toEqual({
      ok: false,
      reasons: [
        "op 0 (remove_component): removing a component requires acknowledged: true",
        "op 1 (swap_component): target_recipe_id garlic-bread does not match component 1 (greek-salad)",
        "op 1 (swap_component): recipe nope does not exist",
        "op 2 (add_component): recipe missing does not exist",
        "op 3 (remove_component): target_index 4 is out of range (the meal has 2 components)",
      ],
    });
  });

  it("refuses two edits of the same component and a bundle beyond its size limit", () => {
    const twice = validateMealEditOps(
      components,
      [
        op({ op: "remove_component", target_index: 0, target_recipe_id: "garlic-bread", acknowledged: true }),
        op({
          op: "swap_component",
          target_index: 0,
          target_recipe_id: "garlic-bread",
          replacement: { recipe_id: "green-beans" },
        }),
      ],
      known,
    );
    expect(twice).toEqual({ ok: false, reasons: ["ops 0 and 1 both target component 0"] });
    const adds = Array.from({ length: 5 }, () =>
      op({ op: "add_component", component: { role: "side", recipe_id: "green-beans" } }),
    );
    const full = validateMealEditOps(components, adds, known);
    expect(full.ok).toBe(false);
  });
});
