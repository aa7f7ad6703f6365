import { describe, expect, it } from "vitest";
import { parsePositiveQuantity } from "../../../../../functions/shop/adapters/store/extraction/parse-quantity";

describe("parsePositiveQuantity (cart, order and weight-step quantities)", () => {
  it.each([
    ["2", 2],
    ["0.25", 0.25],
    [".25", 0.25],
    ["1,5", 1.5],
    ["1,5 kg", 1.5],
    ["6 un", 6],
  ])("reads %j as %d", (text, quantity) => {
    expect(parsePositiveQuantity(text)).toBe(quantity);
  });

  it("returns null for zero or text without a number", () => {
    expect(parsePositiveQuantity("0")).toBeNull();
    expect(parsePositiveQuantity("Quantidade")).toBeNull();
  });
});
