import { describe, expect, it } from "vitest";
import { inferRecipeLocale, type RecipeLocale, readIngredientLine } from "../../../../functions/cook/domain";

const read = (line: string, locale: RecipeLocale = "en-US") => {
  const { quantity, quantity2, unitId, name, alternate, problem } = readIngredientLine(line, locale);
  return { quantity, quantity2, unitId, name, alternate, problem };
};

describe("readIngredientLine: the lines of issue 16", () => {
  it.each([
    ["150g/5¼oz canned chickpeas, drained and rinsed", 150, "gram", "canned chickpeas", "5¼oz"],
    ["4oz (100g) light brown muscovado sugar", 100, "gram", "light brown muscovado sugar", "4oz"],
  ])(
    "%s: the metric amount, the other notation kept for display",
    (line, quantity, unitId, name, alternate) => {
      expect(read(line, "en-GB")).toMatchObject({ quantity, unitId, name, alternate, problem: null });
    },
  );

  it.each([
    ["2 litres water", 2, "liter", "water"],
    ["4 heaped tbsp plain flour", 4, "tablespoon", "plain flour"],
    ["2 cups hot, scalded milk", 2, "cup", "milk"],
    ["1 1/2 cups whole milk", 1.5, "cup", "whole milk"],
    ["1 teaspoon whole cloves", 1, "teaspoon", "whole cloves"],
    ["1 tablespoon fresh basil or 1 teaspoon dried", 1, "tablespoon", "basil"],
    ["4 ounces mozzarella cheese diced into 1/4-inch pieces", 4, "ounce", "mozzarella cheese"],
  ])("%s → %s %s %s", (line, quantity, unitId, name) => {
    expect(read(line)).toMatchObject({ quantity, unitId, name, problem: null });
  });

  it("sums 'A plus B' in A's unit (US measures: 16 tablespoons to the cup)", () => {
    expect(read("1/2 cup plus 1 tablespoon sugar")).toMatchObject({
      quantity: 0.5625,
      unitId: "cup",
      name: "sugar",
    });
  });
});

describe("readIngredientLine: amounts", () => {
  it.each([
    ["1½ tsp salt", 1.5],
    ["1 ½ tsp salt", 1.5],
    ["1-1/2 tsp salt", 1.5],
    ["⅓ cup sugar", 1 / 3],
    ["1,5 kg de batatas", 1.5],
    ["1 e 1/2 chávena de farinha", 1.5],
    ["1 chávena e meia de farinha", 1.5],
    ["one onion", 1],
    ["half a lemon", 0.5],
    ["a dozen eggs", 12],
    ["duas cenouras", 2],
    ["meia chávena de leite", 0.5],
    ["um dente de alho", 1],
  ])("%s → %s", (line, quantity) => {
    expect(read(line, "pt-PT").quantity).toBeCloseTo(quantity, 6);
  });

  it("keeps a range in the reading: low end and high end", () => {
    expect(read("2-3 tbsp olive oil")).toMatchObject({ quantity: 2, quantity2: 3, unitId: "tablespoon" });
    expect(read("2 a 3 batatas", "pt-PT")).toMatchObject({ quantity: 2, quantity2: 3, name: "batatas" });
    expect(read("75g-110g/3oz-4oz fresh coconut")).toMatchObject({
      quantity: 75,
      quantity2: 110,
      name: "coconut",
    });
  });

  it.each([
    ["2 x 400g tins chopped tomatoes", 800, "gram", "chopped tomatoes"],
    ["1 (14.5 ounce) can diced tomatoes", 14.5, "ounce", "diced tomatoes"],
    ["2 (15-ounce) cans black beans, drained", 30, "ounce", "black beans"],
    ["one 8-ounce package cream cheese", 8, "ounce", "cream cheese"],
    ["1 lata de atum (120 g)", 120, "gram", "atum"],
    ["1 stick (113g) butter", 113, "gram", "butter"],
  ])("%s: count × size → %s %s", (line, quantity, unitId, name) => {
    expect(read(line)).toMatchObject({ quantity, unitId, name });
  });

  it("reads a container without a size as the unit", () => {
    expect(read("1 tin coconut milk", "en-GB")).toMatchObject({
      quantity: 1,
      unitId: "can",
      name: "coconut milk",
    });
  });
});

describe("readIngredientLine: units", () => {
  it.each([
    ["250 millilitres stock", "milliliter"],
    ["250 milliliters stock", "milliliter"],
    ["1 liter milk", "liter"],
    ["2 dl natas", "deciliter"],
    ["5 cl rum", "centiliter"],
    ["3 fl oz water", "fluid ounce"],
    ["1 pint milk", "pint"],
    ["1 quart stock", "quart"],
    ["2 Tbsp. soy sauce", "tablespoon"],
    ["1 dessertspoon honey", "dessertspoon"],
    ["8 oz. cream cheese", "ounce"],
    ["1 lb ground beef", "pound"],
    ["2 kg potatoes", "kilogram"],
    ["a knob of butter", "knob"],
    ["a splash of milk", "splash"],
    ["2 handfuls of spinach", "handful"],
    ["2 stalks celery", "stalk"],
    ["1 jar pesto", "jar"],
    ["1 packet yeast", "package"],
    ["3 garlic cloves, crushed", "clove"],
    ["2 colheres de sopa de azeite", "tablespoon"],
    ["1 colher de chá de sal", "teaspoon"],
    ["2 chávenas de arroz", "cup"],
    ["1 copo de vinho", "glass"],
    ["1 embalagem de natas", "package"],
    ["1 pitada de sal", "pinch"],
  ])("%s → %s", (line, unitId) => {
    expect(read(line, "en-GB").unitId).toBe(unitId);
  });

  it("keeps modifiers out of the unit and the name", () => {
    for (const line of [
      "2 level tsp baking powder",
      "2 rounded tsp baking powder",
      "2 scant tsp baking powder",
    ]) {
      expect(read(line)).toMatchObject({ quantity: 2, unitId: "teaspoon", name: "baking powder" });
    }
    expect(read("1 colher de sopa rasa de açúcar", "pt-PT")).toMatchObject({
      unitId: "tablespoon",
      name: "açúcar",
    });
  });

  it("reads 'q.b.' and 'to taste' as no quantity, keeping the food", () => {
    expect(read("sal q.b.", "pt-PT")).toMatchObject({ quantity: null, unitId: null, name: "sal" });
    expect(read("azeite q.b. para regar", "pt-PT")).toMatchObject({ quantity: null, name: "azeite" });
    expect(read("salt and freshly ground black pepper, to taste")).toMatchObject({
      quantity: null,
      name: "salt and black pepper",
    });
  });
});

describe("readIngredientLine: names", () => {
  it.each([
    ["1 onion, finely chopped", "onion"],
    ["2 large free-range eggs, beaten", "free-range eggs"],
    ["icing sugar, for dusting", "icing sugar"],
    ["crème fraîche, to serve", "crème fraîche"],
    ["1 tsp ground cinnamon", "ground cinnamon"],
    ["3 cebolas picadas", "cebolas"],
    ["200 g de carne picada", "carne picada"],
    ["boneless, skinless chicken thighs", "boneless skinless chicken thighs"],
    ["100g dark chocolate (70% cocoa solids), chopped", "dark chocolate"],
  ])("%s → %s", (line, name) => {
    expect(read(line, "en-GB").name).toBe(name);
  });

  it("keeps a digit in a name and reads the line", () => {
    expect(read("1 cup 2% milk")).toMatchObject({
      quantity: 1,
      unitId: "cup",
      name: "2% milk",
      problem: null,
    });
  });

  it("says why when a line names no food, keeping what it read", () => {
    expect(read("2 tbsp")).toMatchObject({
      quantity: 2,
      unitId: "tablespoon",
      name: "",
      problem: "no food name found",
    });
  });

  it("gives no quantity and a reason for a negative amount or one in exponent notation", () => {
    expect(readIngredientLine("-5 g sugar", "en-GB")).toMatchObject({
      quantity: null,
      unitId: "gram",
      name: "sugar",
      problem: "negative amount",
    });
    expect(readIngredientLine("-1/2 cup milk", "en-US")).toMatchObject({
      quantity: null,
      problem: "negative amount",
    });
    expect(readIngredientLine("1e308 cups flour", "en-US")).toMatchObject({
      quantity: null,
      unitId: "cup",
      name: "flour",
      problem: "amount in exponent notation",
    });
    expect(readIngredientLine("2.5E3 ml water", "en-GB").problem).toBe("amount in exponent notation");
    expect(readIngredientLine("99999999999999999999999 g flour", "en-GB").problem).toBe(
      "amount too large (over 100,000)",
    );
    // A bullet ("- ") and an "e" after a number that is not an exponent are read as before.
    expect(readIngredientLine("- 5 g sugar", "en-GB")).toMatchObject({ quantity: 5, problem: null });
    expect(readIngredientLine("2 eggs", "en-GB")).toMatchObject({ quantity: 2, name: "eggs", problem: null });
  });

  it("marks group headers", () => {
    expect(readIngredientLine("For the sauce:", "en-GB").isGroupHeader).toBe(true);
  });
});

describe("inferRecipeLocale", () => {
  it("reads dual metric/imperial lines and British spellings as en-GB", () => {
    expect(inferRecipeLocale(["150g/5¼oz plain flour", "1 pint milk", "2 eggs"])).toBe("en-GB");
  });

  it("reads cups, sticks and American names as en-US", () => {
    expect(inferRecipeLocale(["2 cups all-purpose flour", "1 stick butter", "2 eggs"])).toBe("en-US");
  });

  it("reads Portuguese lines as pt-PT", () => {
    expect(inferRecipeLocale(["200 g de farinha", "2 colheres de sopa de azeite", "sal q.b."])).toBe("pt-PT");
  });

  it("falls back to en-US when a recipe gives no sign", () => {
    expect(inferRecipeLocale(["2 eggs", "1 onion"])).toBe("en-US");
  });
});
