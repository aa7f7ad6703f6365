import { describe, expect, it } from "vitest";
import { type CorpusLine, loadCorpus } from "../../../../bench/lib/ingredient-corpus";
import { buildShoppingList, type ShoppingSource } from "../../../../functions/cook/domain";
import {
  FOOD_LEXICON,
  FoodLexiconSchema,
  foodMergeKeyOf,
} from "../../../../functions/cook/domain/ingredient-lines/food-lexicon";
import foodLexiconData from "../../../../functions/cook/domain/ingredient-lines/food-lexicon.json";
import { unitKindOf } from "../../../../functions/cook/domain/ingredient-lines/ingredient-units";
import type { RecipeLocale } from "../../../../functions/cook/domain/recipes/recipe-locale";

const monday: ShoppingSource = { date: "2025-01-06", meal_type: "dinner", recipe_id: "bacalhau-a-bras" };
const tuesday: ShoppingSource = { date: "2025-01-07", meal_type: "dinner", recipe_id: "garlic-prawns" };

const portuguese = (ingredients_raw: string[], source = monday) => ({
  source,
  ingredients_raw,
  locale: "pt-PT" as const,
});
const english = (ingredients_raw: string[], source = tuesday) => ({
  source,
  ingredients_raw,
  locale: "en-GB" as const,
});

describe("the shopping list merges one food written in Portuguese and English (issue 24)", () => {
  it('"alho: 2 dentes" and "garlic: 20 cloves" are one item of 22 cloves that names both', () => {
    const list = buildShoppingList([
      portuguese(["2 dentes de alho picados", "sal q.b.", "2 colheres de sopa de azeite"]),
      english(["20 cloves garlic", "salt, to taste", "3 tbsp olive oil"]),
    ]);

    const garlic = list.items.filter((item) => ["alho", "garlic"].includes(item.name));
    expect(garlic).toHaveLength(1);
    expect(garlic[0]).toMatchObject({ quantity: 22, unit: "clove", merged_names: ["alho", "garlic"] });
    expect(garlic[0]?.display).toContain("(alho + garlic)");
    expect(garlic[0]?.sources).toEqual([monday, tuesday]);

    const salt = list.items.filter((item) => ["sal", "salt"].includes(item.name));
    expect(salt).toHaveLength(1);
    expect(salt[0]?.merged_names).toEqual(["sal", "salt"]);

    const oil = list.items.filter((item) => ["azeite", "olive oil"].includes(item.name));
    expect(oil).toHaveLength(1);
    expect(oil[0]).toMatchObject({ quantity: 5, unit: "tablespoon", merged_names: ["azeite", "olive oil"] });
  });

  it("sums amounts that convert (g with kg) and keeps apart those that do not (a cup of rice, 200 g of arroz)", () => {
    const list = buildShoppingList([
      portuguese(["500 g de cebola", "200 g de arroz"]),
      english(["1 kg onions", "1 cup rice"]),
    ]);
    const onion = list.items.filter((item) => ["cebola", "onion"].includes(item.name));
    expect(onion).toHaveLength(1);
    expect(onion[0]).toMatchObject({ quantity: 1.5, unit: "kg" });
    expect(list.items.filter((item) => ["arroz", "rice"].includes(item.name))).toHaveLength(2);
  });

  it("reads each name in its own recipe's language: salsa in an English recipe is a sauce, not parsley", () => {
    const list = buildShoppingList([
      english(["1 cup salsa", "1 bunch parsley"]),
      portuguese(["1 molho de salsa"]),
    ]);
    expect(list.items.map((item) => [item.name, item.unit, item.quantity, item.merged_names])).toEqual([
      ["parsley", "bunch", 2, ["parsley", "salsa"]],
      ["salsa", "cup", 1, undefined],
    ]);
  });

  it("leaves an item of one language as it was: no merged_names, no note", () => {
    const [garlic] = buildShoppingList([portuguese(["2 dentes de alho"])]).items;
    expect(garlic).toEqual({
      name: "alho",
      quantity: 2,
      unit: "clove",
      display: "alho: 2 dentes",
      sources: [monday],
    });
  });
});

describe("a recipe's own unit words stay on its items", () => {
  it('"1 molho de salsa" is "salsa: 1 molho", not "1 bunch"', () => {
    const [parsley] = buildShoppingList([portuguese(["1 molho de salsa"])]).items;
    expect(parsley?.display).toBe("salsa: 1 molho");
  });

  it('"2 molhos" and "1 molho" sum to "3 molhos"; "1 ramo de coentros" stays "ramo"', () => {
    const list = buildShoppingList([
      portuguese(["2 molhos de salsa", "1 ramo de coentros"]),
      portuguese(["1 molho de salsa"], tuesday),
    ]);
    expect(list.items.map((item) => item.display).sort()).toEqual(["coentro: 1 ramo", "salsa: 3 molhos"]);
  });

  it('an English recipe\'s "1 bunch parsley" still says bunch', () => {
    const [parsley] = buildShoppingList([english(["1 bunch parsley"])]).items;
    expect(parsley?.display).toBe("parsley: 1 bunch");
  });
});

describe("the bilingual food lexicon (data)", () => {
  it("lists at least 40 foods, each with a Portuguese and an English name", () => {
    expect(FOOD_LEXICON.length).toBeGreaterThanOrEqual(40);
    for (const food of FOOD_LEXICON) {
      expect(food.pt.length).toBeGreaterThan(0);
      expect(food.en.length).toBeGreaterThan(0);
    }
  });

  it("gives no name two foods in one language", () => {
    for (const [language, locale] of [
      ["pt", "pt-PT"],
      ["en", "en-GB"],
    ] as const) {
      const owners = new Map<string, string>();
      for (const food of FOOD_LEXICON) {
        for (const name of food[language]) {
          const key = foodMergeKeyOf(name, locale);
          const owner = food.en[0] ?? "";
          expect({ name, owner: owners.get(name) ?? owner }).toEqual({ name, owner });
          owners.set(name, owner);
          expect(key).toBe(foodMergeKeyOf(owner, "en-GB"));
        }
      }
    }
  });
});

/** The corpus's lines of one lexicon food in a locale, by the food's key. */
const corpusLinesByFood = (locale: RecipeLocale): Map<string, CorpusLine[]> => {
  const lexiconKeys = new Set(FOOD_LEXICON.map((food) => foodMergeKeyOf(food.en[0] ?? "", "en-GB")));
  const byFood = new Map<string, CorpusLine[]>();
  for (const line of loadCorpus(locale)) {
    const key = foodMergeKeyOf(line.name, locale);
    if (!lexiconKeys.has(key)) continue;
    byFood.set(key, [...(byFood.get(key) ?? []), line]);
  }
  return byFood;
};

const dimensionOf = (line: CorpusLine): string =>
  line.quantity === null
    ? "none"
    : line.unit === null
      ? "count"
      : unitKindOf(line.unit) === "count"
        ? `unit:${line.unit}`
        : unitKindOf(line.unit);

describe("the lexicon on the ingredient corpus (tests/fixtures/ingredient-corpus)", () => {
  it.each(["en-GB", "en-US"] as const)(
    "every food in both the pt-PT and the %s corpus, a line of each in one unit dimension, is one item",
    (englishLocale) => {
      const pt = corpusLinesByFood("pt-PT");
      const en = corpusLinesByFood(englishLocale);
      const checked: string[] = [];
      for (const [food, ptLines] of pt) {
        for (const ptLine of ptLines) {
          const enLine = en.get(food)?.find((line) => dimensionOf(line) === dimensionOf(ptLine));
          if (enLine === undefined) continue;
          const list = buildShoppingList([
            { source: monday, ingredients_raw: [ptLine.line], locale: "pt-PT" },
            { source: tuesday, ingredients_raw: [enLine.line], locale: englishLocale },
          ]);
          expect({ food, lines: [ptLine.line, enLine.line], items: list.items.length }).toEqual({
            food,
            lines: [ptLine.line, enLine.line],
            items: 1,
          });
          checked.push(food);
          break;
        }
      }
      // The corpus holds enough of the lexicon's foods in both languages for this to mean something.
      expect(new Set(checked).size).toBeGreaterThanOrEqual(10);
    },
  );

  it("merges no two different foods of the corpus (each item's lines share one food key)", () => {
    const lines = (locale: RecipeLocale) => loadCorpus(locale).map((line) => line.line);
    const list = buildShoppingList([
      { source: monday, ingredients_raw: lines("pt-PT"), locale: "pt-PT" },
      { source: tuesday, ingredients_raw: lines("en-GB"), locale: "en-GB" },
    ]);
    const merged = list.items.filter((each) => each.merged_names !== undefined);
    expect(merged.length).toBeGreaterThan(0);
    for (const item of merged) {
      // Some one food (a lexicon row) owns every name the item merged, in one language or the other.
      const keysOf = (name: string) =>
        new Set([foodMergeKeyOf(name, "pt-PT"), foodMergeKeyOf(name, "en-GB")]);
      const [first = "", ...rest] = item.merged_names ?? [];
      const shared = [...keysOf(first)].filter((key) => rest.every((name) => keysOf(name).has(key)));
      expect({ item: item.display, shared: shared.length > 0 }).toEqual({ item: item.display, shared: true });
    }
  });
});

describe("food-lexicon.json", () => {
  it("matches its schema, each food with a Portuguese and an English name", () => {
    expect(FoodLexiconSchema.safeParse(foodLexiconData).success).toBe(true);
    expect(FoodLexiconSchema.safeParse([{ pt: ["alho"], en: [] }]).success).toBe(false);
  });
});
