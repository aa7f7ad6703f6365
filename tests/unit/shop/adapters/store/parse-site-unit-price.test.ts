import { describe, expect, it } from "vitest";
import { parseSiteUnitPrice } from "../../../../../functions/shop/adapters/store/extraction/parse-site-unit-price";

describe("parseSiteUnitPrice (the site's €/Kg, €/Lt, €/un, €/Dose labels)", () => {
  it.each([
    ["0.86 €/Lt", { amountCents: 86, per: "l" }],
    ["1.99 €/Kg", { amountCents: 199, per: "kg" }],
    ["599.99 €/un", { amountCents: 59999, per: "un" }],
    ["0.25 €/Dose", { amountCents: 25, per: "dose" }],
    ["1,99\u00a0€ /Kg", { amountCents: 199, per: "kg" }],
    ["2,50 €/L", { amountCents: 250, per: "l" }],
    ["0,45 €/100g", { amountCents: 450, per: "kg" }],
    ["0,30 €/100ml", { amountCents: 300, per: "l" }],
  ])("reads %j", (text, expected) => {
    expect(parseSiteUnitPrice(text)).toEqual(expected);
  });

  it("returns null for a unit it does not know or text without a price", () => {
    expect(parseSiteUnitPrice("1.99 €/caixa")).toBeNull();
    expect(parseSiteUnitPrice("Quant. Mínima = 250g")).toBeNull();
    expect(parseSiteUnitPrice("€/Kg")).toBeNull();
  });
});
