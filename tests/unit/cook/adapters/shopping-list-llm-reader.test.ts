import { describe, expect, it } from "vitest";
import { createLlmIngredientReader } from "../../../../functions/cook/adapters/llm-ingredient-reader";
import { createSnapshot, getShoppingList, type Recipe } from "../../../../functions/cook/domain";
import { LlmUnavailable } from "../../../../functions/core/llm";
import { createCookTestDeps } from "../../../support/cook/cook-test-deps";
import { createFakeLlm } from "../../../support/llm/fake-llm";

const recipe: Recipe = {
  recipe_id: "tagine",
  name: "Tagine",
  ingredients_raw: ["1 onion", "2 tbsp"],
  steps: ["Cook."],
};

const listWith = async (reader?: ReturnType<typeof createLlmIngredientReader>) => {
  const deps = createCookTestDeps({
    recipes: [recipe],
    overrides: reader ? { ingredientReader: reader } : {},
  });
  await createSnapshot(deps, {
    snapshot_id: "snap_1",
    planned_meals: [{ date: "2025-01-03", meal_type: "dinner", recipe_id: "tagine" }],
  });
  return { list: await getShoppingList(deps, "snap_1"), deps };
};

describe("getShoppingList with an LLM reading the lines the rules could not", () => {
  it("uses a checked LLM reading for the unreadable line and marks the item", async () => {
    const llm = createFakeLlm().onStructured("read_ingredient_lines", {
      readings: [{ line_index: 0, quantity: 2, quantity2: null, unit: "tablespoon", name: "Olive oil" }],
    });
    const { list } = await listWith(createLlmIngredientReader(llm));
    expect(list.unparsed).toEqual([]);
    expect(list.items).toEqual([
      expect.objectContaining({ name: "olive oil", quantity: 2, unit: "tablespoon", read_by_llm: true }),
      expect.not.objectContaining({ read_by_llm: true }),
    ]);
    const [call] = llm.callsNamed("read_ingredient_lines");
    expect(JSON.stringify(call?.request.messages)).toContain("0. [en-US] 2 tbsp");
  });

  it("drops a reading with a unit it does not know: the line stays unparsed with the rules' reason", async () => {
    const llm = createFakeLlm().onStructured("read_ingredient_lines", {
      readings: [{ line_index: 0, quantity: 2, quantity2: null, unit: "bucket", name: "olive oil" }],
    });
    const { list } = await listWith(createLlmIngredientReader(llm));
    expect(list.unparsed).toMatchObject([{ line: "2 tbsp", reason: "no food name found" }]);
  });

  it("keeps the rules' list when the model is unavailable, and logs why", async () => {
    const llm = createFakeLlm().onStructured("read_ingredient_lines", new LlmUnavailable("down"));
    const { list, deps } = await listWith(createLlmIngredientReader(llm));
    expect(list.unparsed).toMatchObject([{ line: "2 tbsp", reason: "no food name found" }]);
    expect(deps.logger.tagged("[SHOPPING_LLM_READ]")).toHaveLength(1);
  });

  it("does not ask the model to guess a negative or exponent amount: those lines stay unparsed", async () => {
    const llm = createFakeLlm().onStructured("read_ingredient_lines", {
      readings: [{ line_index: 0, quantity: 2, quantity2: null, unit: "tablespoon", name: "olive oil" }],
    });
    const deps = createCookTestDeps({
      recipes: [{ ...recipe, ingredients_raw: ["-5 g sugar", "2 tbsp", "1e308 cups flour"] }],
      overrides: { ingredientReader: createLlmIngredientReader(llm) },
    });
    await createSnapshot(deps, {
      snapshot_id: "snap_1",
      planned_meals: [{ date: "2025-01-03", meal_type: "dinner", recipe_id: "tagine" }],
    });
    const list = await getShoppingList(deps, "snap_1");
    const [call] = llm.callsNamed("read_ingredient_lines");
    const asked = JSON.stringify(call?.request.messages);
    expect(asked).toContain("0. [en-US] 2 tbsp");
    expect(asked).not.toContain("sugar");
    expect(asked).not.toContain("e308");
    expect(list.items.map((item) => item.name)).toEqual(["olive oil"]);
    expect(list.unparsed).toMatchObject([
      { line: "-5 g sugar", reason: "negative amount" },
      { line: "1e308 cups flour", reason: "amount in exponent notation" },
    ]);
  });

  it("offline, the rules stand alone", async () => {
    const { list } = await listWith();
    expect(list.items.map((item) => item.name)).toEqual(["onion"]);
    expect(list.unparsed).toMatchObject([
      { line: "2 tbsp", read: { quantity: 2, unit: "tablespoon", name: "" } },
    ]);
  });
});
