import { describe, expect, it } from "vitest";
import {
  buildShoppingList,
  type ShoppingRecipeEntry,
  type ShoppingSource,
} from "../../../functions/cook/domain";

const monday: ShoppingSource = { date: "2025-01-06", meal_type: "dinner", recipe_id: "stir-fry" };
const tuesday: ShoppingSource = { date: "2025-01-07", meal_type: "lunch", recipe_id: "soup" };

const entry = (source: ShoppingSource, ingredients_raw: string[]): ShoppingRecipeEntry => ({
  source,
  ingredients_raw,
});
const itemsNamed = (entries: ShoppingRecipeEntry[], name: string) =>
  buildShoppingList(entries).items.filter((item) => item.name === name);

describe("buildShoppingList", () => {
  it("merges the same food in mass units across meals, converting kg and g", () => {
    const [rice] = itemsNamed([entry(monday, ["500 g rice"]), entry(tuesday, ["1 kg rice"])], "rice");
    expect(rice).toEqual({
      name: "rice",
      quantity: 1.5,
      unit: "kg",
      display: "rice: 1.5 kg",
      sources: [monday, tuesday],
    });
  });

  it("merges volumes across ml, l and cooking units into millilitres", () => {
    const [stock] = itemsNamed([entry(monday, ["250 ml stock"]), entry(tuesday, ["1 tbsp stock"])], "stock");
    expect(stock?.unit).toBe("ml");
    expect(stock?.quantity).toBeCloseTo(250 + 14.8, 1);
  });

  it("keeps one non-metric unit as written when every line uses it", () => {
    const [oil] = itemsNamed(
      [entry(monday, ["2 tbsp olive oil"]), entry(tuesday, ["1 tbsp olive oil"])],
      "olive oil",
    );
    expect(oil).toMatchObject({ quantity: 3, unit: "tablespoon", display: "olive oil: 3 tbsp" });
  });

  it("never converts across dimensions: grams and cups of the same food stay two items", () => {
    const rice = itemsNamed([entry(monday, ["2 cups rice"]), entry(tuesday, ["200 g rice"])], "rice");
    expect(rice.map((item) => item.unit).sort()).toEqual(["cup", "g"]);
  });

  it("counts plain numbers and merges plurals and preparation notes by food name", () => {
    const [onion] = itemsNamed(
      [entry(monday, ["1 onion, finely chopped"]), entry(tuesday, ["2 large onions"])],
      "onion",
    );
    expect(onion).toMatchObject({ quantity: 3, unit: null, display: "onion: 3" });
  });

  it("keeps units without a conversion apart from plain counts", () => {
    const garlic = itemsNamed([entry(monday, ["3 cloves garlic"]), entry(tuesday, ["1 garlic"])], "garlic");
    expect(garlic.map((item) => item.display).sort()).toEqual(["garlic: 1", "garlic: 3 cloves"]);
  });

  it("counts the upper bound of a range", () => {
    const [tomato] = itemsNamed([entry(monday, ["2-3 tomatoes"])], "tomato");
    expect(tomato?.quantity).toBe(3);
  });

  it("lists lines without an amount once per food, with every meal that needs them", () => {
    const [salt] = itemsNamed([entry(monday, ["salt to taste"]), entry(tuesday, ["Salt to taste"])], "salt");
    expect(salt).toEqual({
      name: "salt",
      quantity: null,
      unit: null,
      display: "salt",
      sources: [monday, tuesday],
    });
  });

  it("records each meal once per item even when a recipe names the food twice", () => {
    const [garlic] = itemsNamed(
      [entry(monday, ["1 clove garlic", "2 cloves garlic, for the sauce"])],
      "garlic",
    );
    expect(garlic).toMatchObject({ quantity: 3, sources: [monday] });
  });

  it("lists lines it cannot understand under unparsed with their source, never dropping them", () => {
    const list = buildShoppingList([entry(monday, ["2 x 400g cans tomatoes", "1 rice", "!!!"])]);
    expect(list.unparsed).toEqual([
      { line: "2 x 400g cans tomatoes", reason: "amount not understood", source: monday },
      { line: "!!!", reason: "no food name found", source: monday },
    ]);
    expect(list.items.map((item) => item.name)).toEqual(["rice"]);
  });

  it("skips group headers, which are not ingredients", () => {
    const list = buildShoppingList([entry(monday, ["For the sauce:", "1 lemon"])]);
    expect(list).toEqual({ items: [expect.objectContaining({ name: "lemon" })], unparsed: [] });
  });

  it("merges Portuguese lines by food, reading 'de' and decimal commas", () => {
    const [arroz] = itemsNamed(
      [entry(monday, ["200 g de arroz"]), entry(tuesday, ["0,3 kg de arroz"])],
      "arroz",
    );
    expect(arroz).toMatchObject({ quantity: 500, unit: "g" });
  });

  it("sorts items by name", () => {
    const names = buildShoppingList([entry(monday, ["1 lemon", "2 apples", "1 kg rice"])]).items.map(
      (i) => i.name,
    );
    expect(names).toEqual(["apple", "lemon", "rice"]);
  });
});
