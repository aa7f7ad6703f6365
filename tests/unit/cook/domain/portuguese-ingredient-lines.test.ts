import { describe, expect, it } from "vitest";
import {
  applyPatchOps,
  buildShoppingList,
  normalizeFoodName,
  parseIngredientLine,
  parseInstructionOffline,
  type Recipe,
  type ShoppingRecipeEntry,
  type ShoppingSource,
  scaleIngredientLine,
} from "../../../../functions/cook/domain";

const monday: ShoppingSource = { date: "2025-01-06", meal_type: "dinner", recipe_id: "bacalhau" };
const tuesday: ShoppingSource = { date: "2025-01-07", meal_type: "lunch", recipe_id: "caldo-verde" };
const entry = (source: ShoppingSource, ingredients_raw: string[]): ShoppingRecipeEntry => ({
  source,
  ingredients_raw,
});

describe("parseIngredientLine (Portuguese units)", () => {
  it.each([
    ["4 colheres de sopa de azeite", 4, "tablespoon", "colheres de sopa", "azeite"],
    ["1 colher de sopa de azeite", 1, "tablespoon", "colher de sopa", "azeite"],
    ["1 colher de chá de sal", 1, "teaspoon", "colher de chá", "sal"],
    ["1/2 colher de cha de canela", 0.5, "teaspoon", "colher de cha", "canela"],
    ["1 colher (sopa) de manteiga", 1, "tablespoon", "colher (sopa)", "manteiga"],
    ["2 c. sopa de azeite", 2, "tablespoon", "c. sopa", "azeite"],
    ["1 colher de sobremesa de açúcar", 1, "dessertspoon", "colher de sobremesa", "açúcar"],
    ["1 colher de café de pimentão-doce", 1, "coffeespoon", "colher de café", "pimentão-doce"],
    ["2 dentes de alho", 2, "clove", "dentes", "alho"],
    ["1 chávena de arroz", 1, "cup", "chávena", "arroz"],
    ["200 g de farinha", 200, "gram", "g", "farinha"],
    ["1 lata de tomate pelado", 1, "can", "lata", "tomate pelado"],
  ])("%s → %s %s (%s) of %s", (line, quantity, unitId, unitText, description) => {
    expect(parseIngredientLine(line)).toMatchObject({ quantity, unitId, unitText, description });
  });

  it("reads a spoon phrase as the amount, so a replacement keeps '2 colheres de sopa'", () => {
    expect(parseIngredientLine("2 colheres de sopa de azeite").amountText).toBe("2 colheres de sopa");
  });

  it("reads 'q.b.' (quanto baste) as no quantity", () => {
    for (const line of ["q.b.", "sal q.b.", "Pimenta q.b."]) {
      expect(parseIngredientLine(line)).toMatchObject({ quantity: null, unitId: null });
    }
  });

  it("leaves the English forms as they were", () => {
    expect(parseIngredientLine("4 tbsp olive oil")).toMatchObject({
      quantity: 4,
      unitId: "tablespoon",
      unitText: "tbsp",
      description: "olive oil",
    });
    expect(parseIngredientLine("2 cups of rice")).toMatchObject({ unitId: "cup", description: "rice" });
  });
});

describe("normalizeFoodName (Portuguese names)", () => {
  it.each([
    ["sal q.b.", "sal"],
    ["azeite q.b. para regar", "azeite"],
    ["pimenta quanto baste", "pimenta"],
    ["q.b.", ""],
    ["azeitonas pretas", "azeitona preta"],
    ["azeitona preta", "azeitona preta"],
    ["tomates cherry", "tomate cherry"],
    ["folhas de louro", "folha de louro"],
    ["limões", "limão"],
  ])("%s → %s", (description, name) => {
    expect(normalizeFoodName(description)).toBe(name);
  });

  it("keeps English names merging as before, possessives and invariant plurals left alone", () => {
    expect(normalizeFoodName("cherry tomatoes")).toBe("cherry tomato");
    expect(normalizeFoodName("Brussels sprouts")).toBe("brussels sprout");
    expect(normalizeFoodName("Hellmann's mayonnaise")).toBe("hellmann's mayonnaise");
  });
});

describe("scaleIngredientLine (Portuguese units)", () => {
  it.each([
    ["1 colher de sopa de azeite", 2, "2 colheres de sopa de azeite"],
    ["4 colheres de sopa de azeite", 2, "8 colheres de sopa de azeite"],
    ["2 colheres de chá de sal", 0.5, "1 colher de chá de sal"],
    ["1 colher (sopa) de manteiga", 3, "3 colheres (sopa) de manteiga"],
    ["2 c. sopa de azeite", 2, "4 c. sopa de azeite"],
    ["2 dentes de alho", 0.5, "1 dente de alho"],
    ["1 chávena de arroz", 2, "2 chávenas de arroz"],
    ["1 lata de tomate pelado", 2, "2 latas de tomate pelado"],
    ["200 g de farinha", 2, "400 g de farinha"],
  ])("%s × %s → %s", (line, factor, expected) => {
    expect(scaleIngredientLine(line, factor)).toEqual({ text: expected, outcome: "scaled" });
  });

  it("leaves 'q.b.' lines as they are", () => {
    for (const line of ["q.b.", "sal q.b."]) {
      expect(scaleIngredientLine(line, 2)).toEqual({ text: line, outcome: "no_quantity" });
    }
  });

  it("rewrites the quantities in place when the plan asks 'para 8 pessoas'", () => {
    const bacalhau: Recipe = {
      recipe_id: "bacalhau-a-bras",
      name: "Bacalhau à Brás",
      servings: 4,
      ingredients_raw: [
        "400 g de bacalhau desfiado",
        "4 colheres de sopa de azeite",
        "1 colher de chá de sal",
        "2 dentes de alho",
        "1 chávena de batata palha",
        "azeitonas pretas q.b.",
      ],
      steps: ["Aloura o alho no azeite, junta o bacalhau e a batata."],
    };
    const result = parseInstructionOffline(bacalhau, "para 8 pessoas");
    expect(result.needs_clarification).toBe(false);
    expect(applyPatchOps(bacalhau, result.ops, "variant:s:2025-01-06:dinner").ingredients_raw).toEqual([
      "800 g de bacalhau desfiado",
      "8 colheres de sopa de azeite",
      "2 colheres de chá de sal",
      "4 dentes de alho",
      "2 chávenas de batata palha",
      "azeitonas pretas q.b.",
    ]);
  });
});

describe("buildShoppingList (Portuguese lines)", () => {
  it("merges spoonfuls of the same food and answers in the unit as written", () => {
    const list = buildShoppingList([
      entry(monday, ["2 colheres de sopa de azeite"]),
      entry(tuesday, ["1 colher de sopa de azeite"]),
    ]);
    expect(list).toEqual({
      items: [
        {
          name: "azeite",
          quantity: 3,
          unit: "tablespoon",
          display: "azeite: 3 colheres de sopa",
          sources: [monday, tuesday],
        },
      ],
      unparsed: [],
      recipe_locales: [
        { recipe_id: "bacalhau", locale: "pt-PT", source: "inferred" },
        { recipe_id: "caldo-verde", locale: "pt-PT", source: "inferred" },
      ],
    });
  });

  it("converts spoons and millilitres within the volume dimension, Portuguese spoons being metric", () => {
    const [azeite] = buildShoppingList([
      entry(monday, ["1 colher de sopa de azeite"]),
      entry(tuesday, ["100 ml de azeite", "1 colher de sobremesa de azeite"]),
    ]).items;
    expect(azeite?.unit).toBe("ml");
    expect(azeite?.quantity).toBeCloseTo(15 + 100 + 10, 1);
  });

  it("merges singular and plural names, nouns and adjectives alike", () => {
    const list = buildShoppingList([
      entry(monday, ["100 g de azeitonas pretas"]),
      entry(tuesday, ["50 g de azeitona preta", "2 dentes de alho", "1 dente de alho"]),
    ]);
    expect(list.items.map((item) => item.display)).toEqual(["alho: 3 dentes", "azeitona preta: 150 g"]);
  });

  it("lists 'sal q.b.' as salt without an amount and a bare 'q.b.' as unparsed", () => {
    const list = buildShoppingList([entry(monday, ["sal q.b.", "q.b."]), entry(tuesday, ["Sal q.b."])]);
    expect(list.items).toEqual([
      { name: "sal", quantity: null, unit: null, display: "sal", sources: [monday, tuesday] },
    ]);
    expect(list.unparsed).toEqual([{ line: "q.b.", reason: "no food name found", source: monday }]);
  });

  it("keeps mixed English and Portuguese spellings of one unit in the English short form", () => {
    const [azeite] = buildShoppingList([
      entry(monday, ["1 colher de sopa de azeite", "2 tbsp azeite"]),
    ]).items;
    expect(azeite?.display).toBe("azeite: 3 tbsp");
  });
});
