import { describe, expect, it } from "vitest";
import { normalizeFoodName } from "../../../../functions/cook/domain/ingredient-lines/food-name";
import {
  INGREDIENT_UNITS,
  METRIC_UNIT_IDS,
} from "../../../../functions/cook/domain/ingredient-lines/ingredient-units";
import { PREPARATION_WORDS } from "../../../../functions/cook/domain/ingredient-lines/preparation-words";
import {
  formatQuantity,
  quantityStyleOf,
} from "../../../../functions/cook/domain/ingredient-lines/quantity-format";
import { readIngredientLine } from "../../../../functions/cook/domain/ingredient-lines/read-ingredient-line";
import { foldText } from "../../../../functions/core/text/fold-text";
import { resolveListedId } from "../../../../functions/core/validation";

// Issue 43: twins reduced to one. Where their members differed, which was right, and why.
describe("the one of each twin", () => {
  it("METRIC_UNIT_IDS: centiliter was right, centimeter was a slip (no line is read in centimetres)", () => {
    expect(METRIC_UNIT_IDS.has("centiliter")).toBe(true);
    expect(METRIC_UNIT_IDS.has("centimeter")).toBe(false);
    expect(INGREDIENT_UNITS.centiliter).toBeDefined();
    expect(INGREDIENT_UNITS.centimeter).toBeUndefined();
    // A scaled centilitre amount is written as the metric it is, not as a cup's fraction.
    const style = quantityStyleOf("33 cl", "centiliter");
    expect(style.fractions).toBe(false);
    expect(formatQuantity(49.5, style)).toBe("49.5");
  });

  it("SPOON_SIZES: one list, read by both the Portuguese units and the line reader", () => {
    expect(readIngredientLine("2 colheres de sopa de azeite", "pt-PT")).toMatchObject({
      unitId: "tablespoon",
    });
    expect(readIngredientLine("1 colher de cha de sal", "pt-PT")).toMatchObject({ unitId: "teaspoon" });
    expect(readIngredientLine("1 c. sobremesa de mel", "pt-PT")).toMatchObject({ unitId: "dessertspoon" });
  });

  it("PREPARATION_WORDS: the line reader's list was right; 'whole' names another product", () => {
    expect(PREPARATION_WORDS.has("whole")).toBe(false);
    expect(normalizeFoodName("whole milk")).toBe("whole milk");
    // Words only the reader's list had now leave the merge key too.
    expect(normalizeFoodName("milk, scalded")).toBe(normalizeFoodName("hot milk"));
    expect(normalizeFoodName("cebolas picadinhas")).toBe("cebola");
  });

  it("accent folding: core's foldText (NFD) everywhere; NFKD would turn ½ into 1⁄2", () => {
    expect(foldText("Açúcar  Amarelo ½")).toBe("acucar amarelo ½");
    expect(resolveListedId("ACUCAR-1", [{ id: "açucar-1" }])).toBe("açucar-1");
  });
});
