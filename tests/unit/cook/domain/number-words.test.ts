import { describe, expect, it } from "vitest";
import { readNumberAt } from "../../../../functions/cook/domain/ingredient-lines/ingredient-amount";
import { AMOUNT_WORDS, COUNT_WORDS } from "../../../../functions/cook/domain/ingredient-lines/number-words";
import { readIngredientLine } from "../../../../functions/cook/domain/ingredient-lines/read-ingredient-line";

describe("number words shared by the ingredient reader and the offline instruction parser", () => {
  it.each(Object.entries(COUNT_WORDS))(
    "the ingredient reader reads the count word %s as %d",
    (word, value) => {
      expect(readNumberAt(`${word} ovos`, 0)?.value).toBe(value);
    },
  );

  it("amount words add halves and dozens to the counts, not other whole numbers", () => {
    const extra = Object.keys(AMOUNT_WORDS).filter((word) => !(word in COUNT_WORDS));
    expect(extra.sort()).toEqual(["dozen", "dúzia", "half", "meia", "meio", "quarter"]);
  });

  it("reads 'onze' (eleven) in a Portuguese line, a word the reader's own table used to lack", () => {
    expect(readIngredientLine("onze ovos", "pt-PT")).toMatchObject({ quantity: 11, name: "ovos" });
  });
});
