import { describe, expect, it } from "vitest";
import { formatQuantity, quantityStyleOf, scaleIngredientLine } from "../../../../functions/cook/domain";

const scaled = (line: string, factor: number): string => scaleIngredientLine(line, factor).text;

describe("scaleIngredientLine", () => {
  it.each([
    ["2 cups white rice", 2, "4 cups white rice"],
    ["500 g chicken thighs", 1.5, "750 g chicken thighs"],
    ["1 1/2 cups milk", 2, "3 cups milk"],
    ["1/2 cup sugar", 3, "1 1/2 cups sugar"],
    ["½ tsp salt", 3, "1 1/2 tsp salt"],
    ["1½ tbsp honey", 0.5, "3/4 tbsp honey"],
    ["1/3 cup honey", 3, "1 cup honey"],
    ["1.5 kg potatoes", 2, "3 kg potatoes"],
    ["1,5 kg batatas", 0.5, "0,75 kg batatas"],
    ["0.25 l stock", 3, "0.75 l stock"],
    ["2-3 tomatoes", 2, "4-6 tomatoes"],
    ["2 – 3 tomatoes", 0.5, "1 – 1 1/2 tomatoes"],
    ["2 to 3 cloves garlic", 2, "4 to 6 cloves garlic"],
    ["200ml coconut milk", 2, "400ml coconut milk"],
    ["1 onion, finely chopped", 0.5, "1/2 onion, finely chopped"],
    ["3 eggs", 4, "12 eggs"],
    ["Ripe tomato x2", 3, "Ripe tomato x6"],
    ["4 dentes de alho", 0.5, "2 dentes de alho"],
    ["200 g de arroz", 1.5, "300 g de arroz"],
    ["500 g chicken, cut into 2 cm pieces", 2, "1000 g chicken, cut into 2 cm pieces"],
  ])("%s × %s → %s", (line, factor, expected) => {
    expect(scaled(line, factor)).toBe(expected);
  });

  it("scales both notations of a dual metric/imperial amount, so they still agree", () => {
    expect(scaled("150g/5¼oz canned chickpeas, drained", 2)).toBe("300g/10 1/2oz canned chickpeas, drained");
    expect(scaled("4oz (100g) light brown muscovado sugar", 2)).toBe(
      "8oz (200g) light brown muscovado sugar",
    );
    expect(scaled("1.2 litres/2 pints milk", 0.5)).toBe("0.6 litres/1 pint milk");
  });

  it("leaves a per-piece size alone: '2 x 400g tins' doubled is 4 tins of 400g", () => {
    expect(scaled("2 x 400g tins chopped tomatoes", 2)).toBe("4 x 400g tins chopped tomatoes");
  });

  it("rewrites only the number of an amount written after the food, keeping the comma and the food", () => {
    expect(scaleIngredientLine("salt, 1 pinch", 2)).toEqual({ text: "salt, 2 pinch", outcome: "scaled" });
  });

  it("makes the unit plural or singular with the new amount", () => {
    expect(scaled("1 cup flour", 2)).toBe("2 cups flour");
    expect(scaled("1 clove garlic", 3)).toBe("3 cloves garlic");
    expect(scaled("2 cloves garlic", 0.5)).toBe("1 clove garlic");
  });

  it("writes metric halves as decimals and grams without a long tail", () => {
    expect(scaled("1 kg flour", 0.5)).toBe("0.5 kg flour");
    expect(scaled("500 g beef", 1 / 3)).toBe("167 g beef");
  });

  it("leaves lines without a quantity as they are", () => {
    for (const line of ["salt to taste", "Freshly ground black pepper", "sal q.b.", "For the sauce:"]) {
      expect(scaleIngredientLine(line, 2)).toEqual({ text: line, outcome: "no_quantity" });
    }
  });

  it("leaves a quantity it cannot locate as written and says so", () => {
    expect(scaleIngredientLine("Juice of 2 lemons", 2)).toEqual({
      text: "Juice of 2 lemons",
      outcome: "not_located",
    });
  });

  it("scales the count and keeps a parenthesised pack size as written", () => {
    expect(scaled("1 (400 g) can chickpeas", 2)).toBe("2 (400 g) can chickpeas");
  });
});

describe("formatQuantity", () => {
  it("writes fractions in fraction style, reduced, and never 1.5000001", () => {
    const fractions = { fractions: true, decimalComma: false };
    expect(formatQuantity(0.5 * 3, fractions)).toBe("1 1/2");
    expect(formatQuantity(0.1 + 0.2, { ...fractions, fractions: false })).toBe("0.3");
    expect(formatQuantity(2 / 4, fractions)).toBe("1/2");
    expect(formatQuantity(2 / 3, fractions)).toBe("2/3");
    expect(formatQuantity(0.375, fractions)).toBe("3/8");
    expect(formatQuantity(4, fractions)).toBe("4");
  });

  it("falls back to decimals when no kitchen fraction is close", () => {
    expect(formatQuantity(0.17, { fractions: true, decimalComma: false })).toBe("0.17");
  });

  it("uses a decimal comma when asked", () => {
    expect(formatQuantity(2.25, { fractions: false, decimalComma: true })).toBe("2,25");
  });

  it("infers the style from how the original was written", () => {
    expect(quantityStyleOf("1/2", "cup")).toEqual({ fractions: true, decimalComma: false });
    expect(quantityStyleOf("1,5", "kilogram")).toEqual({ fractions: false, decimalComma: true });
    expect(quantityStyleOf("500", "gram")).toEqual({ fractions: false, decimalComma: false });
    expect(quantityStyleOf("2", null)).toEqual({ fractions: true, decimalComma: false });
  });
});
