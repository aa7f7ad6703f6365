import { describe, expect, it } from "vitest";
import { CORPUS_LOCALES, loadCorpus } from "../../../../bench/lib/ingredient-corpus";
import {
  buildShoppingList,
  type ShoppingRecipeEntry,
  type ShoppingSource,
} from "../../../../functions/cook/domain";
import { splitSeasoningPair } from "../../../../functions/cook/domain/ingredient-lines/seasoning-pair";

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
    expect(list.unparsed).toEqual([{ line: "!!!", reason: "no food name found", source: monday }]);
    expect(list.items.map((item) => item.display)).toEqual(["rice: 1", "tomato: 800 g"]);
  });

  it("skips group headers, which are not ingredients", () => {
    const list = buildShoppingList([entry(monday, ["For the sauce:", "1 lemon"])]);
    expect(list).toEqual({
      items: [expect.objectContaining({ name: "lemon" })],
      unparsed: [],
      recipe_locales: [{ recipe_id: "stir-fry", locale: "en-US", source: "inferred" }],
    });
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

describe("buildShoppingList: recipe lines as cookbooks and recipe sites write them", () => {
  const british = (lines: string[]) => entry({ ...monday, recipe_id: "british" }, lines);

  it("lists dual metric/imperial lines by their metric amount, showing the other notation", () => {
    const list = buildShoppingList([
      british(["150g/5¼oz canned chickpeas, drained and rinsed", "4oz (100g) light brown muscovado sugar"]),
    ]);
    expect(list.unparsed).toEqual([]);
    expect(list.items.map((item) => item.display)).toEqual([
      "canned chickpea: 150 g (5¼oz)",
      "light brown muscovado sugar: 100 g (4oz)",
    ]);
  });

  it("keeps product words in the name, so whole milk and milk stay two items and whole cloves are not garlic", () => {
    const list = buildShoppingList([
      entry(monday, ["1 1/2 cups whole milk", "2 cups hot, scalded milk", "1 teaspoon whole cloves"]),
    ]);
    expect(list.items.map((item) => item.display)).toEqual([
      "milk: 2 cups",
      "whole clove: 1 tsp",
      "whole milk: 1 1/2 cups",
    ]);
  });

  it("never drops a line for a digit in its name", () => {
    const list = buildShoppingList([
      entry(monday, ["4 ounces mozzarella cheese diced into 1/4-inch pieces"]),
    ]);
    expect(list).toMatchObject({
      items: [{ name: "mozzarella cheese", quantity: 4, unit: "ounce" }],
      unparsed: [],
    });
  });

  it("sizes pints by the recipe's locale and says which locale it used", () => {
    const us = { ...tuesday, recipe_id: "us-soup" };
    const list = buildShoppingList([
      { source: monday, ingredients_raw: ["1 pint milk", "100 ml milk"], locale: "en-GB" },
      { source: us, ingredients_raw: ["1 pint milk", "100 ml milk", "1 cup flour"] },
    ]);
    const [milk] = list.items.filter((item) => item.name === "milk");
    // British pint 568.26 ml, US pint 473.18 ml.
    expect(milk?.quantity).toBeCloseTo((568.26 + 100 + 473.18 + 100) / 1000, 2);
    expect(list.recipe_locales).toEqual([
      { recipe_id: "stir-fry", locale: "en-GB", source: "recipe" },
      { recipe_id: "us-soup", locale: "en-US", source: "inferred" },
    ]);
  });

  it("does not add a UK pint to a US pint as two pints: each goes to ml by its own locale", () => {
    const us = { ...tuesday, recipe_id: "us-soup" };
    const list = buildShoppingList([
      { source: monday, ingredients_raw: ["1 pint milk"], locale: "en-GB" },
      { source: us, ingredients_raw: ["1 pint milk"], locale: "en-US" },
    ]);
    const [milk, ...others] = list.items.filter((item) => item.name === "milk");
    expect(others).toEqual([]);
    expect(milk?.unit).toBe("l");
    // British pint 568.26 ml + US pint 473.18 ml.
    expect(milk?.quantity).toBeCloseTo((568.26 + 473.18) / 1000, 2);
    expect(milk?.mixed_locales).toEqual(["en-GB", "en-US"]);
    expect(milk?.display).toMatch(/^milk: 1\.04\d? l \(en-GB \+ en-US pints summed in ml/);
  });

  it("does the same for cups of different locales (UK 250 ml, US 236.6 ml)", () => {
    const us = { ...tuesday, recipe_id: "us-cake" };
    const list = buildShoppingList([
      { source: monday, ingredients_raw: ["2 cups stock"], locale: "en-GB" },
      { source: us, ingredients_raw: ["1 cup stock"], locale: "en-US" },
    ]);
    const [stock] = list.items.filter((item) => item.name === "stock");
    expect(stock).toMatchObject({ unit: "ml", mixed_locales: ["en-GB", "en-US"] });
    expect(stock?.quantity).toBeCloseTo(500 + 236.6, 0);
  });

  it("still keeps one unit as written when the recipes' locales size it alike", () => {
    const us = { ...tuesday, recipe_id: "us-soup" };
    const list = buildShoppingList([
      { source: monday, ingredients_raw: ["1 pint milk"], locale: "en-US" },
      { source: us, ingredients_raw: ["1 pint milk"], locale: "en-US" },
      { source: monday, ingredients_raw: ["2 tbsp olive oil"], locale: "en-GB" },
      { source: us, ingredients_raw: ["1 tbsp olive oil"], locale: "en-US" },
    ]);
    const byName = new Map(list.items.map((item) => [item.name, item]));
    expect(byName.get("milk")).toMatchObject({ quantity: 2, unit: "pint" });
    expect(byName.get("milk")?.mixed_locales).toBeUndefined();
    // Metric and US tablespoons differ by 1.4 %: one spoon in a kitchen.
    expect(byName.get("olive oil")).toMatchObject({ quantity: 3, unit: "tablespoon" });
  });

  it("keeps a range in the item: the high end to buy, the low end beside it", () => {
    const [tomato] = itemsNamed([entry(monday, ["2-3 tomatoes"]), entry(tuesday, ["1 tomato"])], "tomato");
    expect(tomato).toMatchObject({ quantity: 4, quantity_min: 3, display: "tomato: 3-4" });
  });

  it("lists a line it cannot read whole with what it read and why", () => {
    const list = buildShoppingList([entry(monday, ["2 tbsp"])]);
    expect(list.unparsed).toEqual([
      {
        line: "2 tbsp",
        reason: "no food name found",
        source: monday,
        read: { quantity: 2, quantity2: null, unit: "tablespoon", name: "" },
      },
    ]);
  });

  it("lists a negative, an exponent or an absurd amount as unread with its reason, never as an item", () => {
    const lines = ["-5 g sugar", "1e308 cups flour", "1000000 g flour", "- 5 g sugar"];
    const list = buildShoppingList([entry(monday, lines)]);
    expect(list.unparsed).toEqual([
      {
        line: "-5 g sugar",
        reason: "negative amount",
        source: monday,
        read: { quantity: null, quantity2: null, unit: "gram", name: "sugar" },
      },
      {
        line: "1e308 cups flour",
        reason: "amount in exponent notation",
        source: monday,
        read: { quantity: null, quantity2: null, unit: "cup", name: "flour" },
      },
      {
        line: "1000000 g flour",
        reason: "amount too large (over 100,000)",
        source: monday,
        read: { quantity: 1000000, quantity2: null, unit: "gram", name: "flour" },
      },
    ]);
    // "- 5 g" is a bulleted line, not a negative amount.
    expect(list.items.map((item) => item.display)).toEqual(["sugar: 5 g"]);
  });

  it("splits the corpus's salt-and-pepper lines with no amount into two items, merging with plain salt", () => {
    const pairLines = CORPUS_LOCALES.flatMap((locale) =>
      loadCorpus(locale)
        .filter((line) => line.quantity === null && splitSeasoningPair(line.name) !== null)
        .map((line) => ({ locale, line: line.line })),
    );
    expect(pairLines.map(({ line }) => line)).toEqual(
      expect.arrayContaining(["salt and pepper, to taste", "Sal e pimenta q.b."]),
    );
    for (const { locale, line } of pairLines) {
      const list = buildShoppingList([{ source: monday, ingredients_raw: [line, "salt", "sal"], locale }]);
      expect({ line, unparsed: list.unparsed }).toEqual({ line, unparsed: [] });
      expect({ line, joined: list.items.filter((item) => / (?:and|e) /.test(item.name)) }).toEqual({
        line,
        joined: [],
      });
      expect({ line, peppers: list.items.filter((item) => /pepper|pimenta/.test(item.name)).length }).toEqual(
        {
          line,
          peppers: 1,
        },
      );
    }
    // One food in two languages is one item (issue 24: the bilingual food lexicon), naming both.
    const items = buildShoppingList([
      entry(monday, ["salt and freshly ground black pepper", "Sal e pimenta q.b.", "salt"]),
    ]).items.map((item) => [item.name, item.merged_names]);
    expect(items).toEqual([
      ["black pepper", ["black pepper", "pimenta"]],
      ["salt", ["salt", "sal"]],
    ]);
  });

  it("splits only the known seasoning pairs, and only without an amount", () => {
    const names = buildShoppingList([
      entry(monday, [
        "1 box macaroni and cheese",
        "1 tsp salt and pepper",
        "1 cup half and half",
        "oil and vinegar",
      ]),
    ]).items.map((item) => item.name);
    expect(names).toEqual(["half and half", "macaroni and cheese", "oil and vinegar", "salt and pepper"]);
  });

  it("merges Portuguese lines with their number words and units", () => {
    const list = buildShoppingList([
      entry(monday, ["um dente de alho", "meia chávena de leite", "sal q.b."]),
      entry(tuesday, ["2 dentes de alho picados", "250 ml de leite"]),
    ]);
    expect(list.items.map((item) => item.display)).toEqual(["alho: 3 dentes", "leite: 375 ml", "sal"]);
  });
});
