import { describe, expect, it } from "vitest";
import { readIngredientLine } from "../../../../functions/cook/domain";

/** One line per named case of read-ingredient-line.ts' amountAt, read whole through readIngredientLine. */
const read = (line: string) => {
  const { quantity, quantity2, unitId, name, alternate, problem } = readIngredientLine(line, "en-GB");
  return { quantity, quantity2, unitId, name, alternate, problem };
};

describe("amountAt's named cases", () => {
  it.each([
    ["countTimesSize", "2 x 400g tins chopped tomatoes", 800, null, "gram", "chopped tomatoes", null],
    ["countTimesSize, no size: a count", "4 x pork loin chops", 4, null, null, "pork loin chops", null],
    ["countOfSizedContainers", "2 (15-ounce) cans chickpeas", 30, null, "ounce", "chickpeas", null],
    [
      "countOfSizedContainers, a piece after",
      "1 (2-pound) head cauliflower",
      2,
      null,
      "pound",
      "cauliflower",
      null,
    ],
    ["sizeBetweenCountAndFood", "one 8-ounce package cream cheese", 8, null, "ounce", "cream cheese", null],
    [
      "sizeBetweenCountAndFood, metric in parentheses",
      "Two 2 oz (56g) cans anchovies",
      112,
      null,
      "gram",
      "anchovies",
      null,
    ],
    ["skipOtherCount", "3 large or 4 medium eggs", 3, null, null, "eggs", null],
    ["skipLengthBeforeUnit", "1 1-inch piece ginger", 1, null, "piece", "ginger", null],
    [
      "skipLengthBeforeUnit, no unit after",
      "2 8-inch flour tortillas",
      2,
      null,
      null,
      "flour tortillas",
      null,
    ],
    ["compoundImperial", "2lb 4oz potatoes", 2.25, null, "pound", "potatoes", null],
    ["rangeWithUnitTwice", "75g-110g butter", 75, 110, "gram", "butter", null],
    ["andAHalf", "1 chávena e meia de farinha", 1.5, null, "cup", "farinha", null],
    ["dualNotation, slash", "150g/5¼oz flour", 150, null, "gram", "flour", "5¼oz"],
    ["dualNotation, a space between", "50g 1¾oz butter", 50, null, "gram", "butter", "1¾oz"],
    ["dualNotation, left unfinished", "10g/¼ fine salt", 10, null, "gram", "fine salt", null],
    ["plusOrMinus, plus", "1/2 cup plus 1 tablespoon sugar", 0.56, null, "cup", "sugar", null],
    ["plusOrMinus, minus", "1 cup minus 1 tablespoon flour", 0.94, null, "cup", "flour", null],
    ["orOtherAmount", "3 cups or 1 lb leeks", 3, null, "cup", "leeks", null],
    ["orOtherAmount, or so", "½ cup or so flour", 0.5, null, "cup", "flour", null],
    ["containerOrPiece, container", "400g tin chickpeas", 400, null, "gram", "chickpeas", null],
    ["containerOrPiece, piece", "3kg piece of pork belly", 3, null, "kilogram", "pork belly", null],
    ["sizeInParentheses, a stick's metric", "1 stick (113g) butter", 113, null, "gram", "butter", "1 stick"],
    [
      "sizeInParentheses, a container's size",
      "1 can (400 g) tomatoes",
      400,
      null,
      "gram",
      "tomatoes",
      "1 can",
    ],
    ["connectorAfterAmount", "2 cups of flour", 2, null, "cup", "flour", null],
  ])("%s: %s", (_case, line, quantity, quantity2, unitId, name, alternate) => {
    expect(read(line)).toEqual({ quantity, quantity2, unitId, name, alternate, problem: null });
  });
});
