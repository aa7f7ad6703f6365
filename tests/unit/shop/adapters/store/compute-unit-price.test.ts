import { describe, expect, it } from "vitest";
import {
  computeUnitPrice,
  crossCheckUnitPrice,
} from "../../../../../functions/shop/adapters/store/extraction/compute-unit-price";
import { parsePackSize } from "../../../../../functions/shop/domain/packs/parse-pack-size";

const pack = (text: string) => {
  const parsed = parsePackSize(text);
  if (!parsed) throw new Error(`test pack ${text} did not parse`);
  return parsed;
};

describe("computeUnitPrice", () => {
  it("divides the pack price by what the pack holds", () => {
    expect(computeUnitPrice(119, pack("400g"))).toMatchObject({ amountCents: 298, per: "kg" });
    expect(computeUnitPrice(642, pack("6x1l"))).toMatchObject({ amountCents: 107, per: "l" });
    expect(computeUnitPrice(999, pack("40 doses"))).toMatchObject({ amountCents: 25, per: "dose" });
  });

  it("uses the dimension the site uses when the pack names several", () => {
    expect(computeUnitPrice(350, pack("10un 350g"), "un")).toMatchObject({ amountCents: 35, per: "un" });
    expect(computeUnitPrice(350, pack("10un 350g"))).toMatchObject({ amountCents: 1000, per: "kg" });
  });
});

describe("crossCheckUnitPrice", () => {
  it("agrees within 2 %", () => {
    const computed = computeUnitPrice(229, pack("450g"));
    expect(crossCheckUnitPrice(computed, { amountCents: 509, per: "kg" }).status).toBe("agrees");
  });

  it("flags a site figure more than 2 % away, with the difference", () => {
    const computed = computeUnitPrice(229, pack("450g"));
    expect(crossCheckUnitPrice(computed, { amountCents: 458, per: "kg" })).toEqual({
      status: "disagrees",
      siteAmountCents: 458,
      computedAmountCents: 509,
      differencePercent: 11.1,
    });
  });

  it("does not flag cent rounding of tiny unit prices", () => {
    const computed = computeUnitPrice(99, pack("40 un"));
    expect(crossCheckUnitPrice(computed, { amountCents: 2, per: "un" }).status).toBe("agrees");
  });

  it("leaves figures in different dimensions unchecked", () => {
    const computed = computeUnitPrice(199, pack("1l"));
    expect(crossCheckUnitPrice(computed, { amountCents: 199, per: "kg" }).status).toBe("unchecked");
    expect(crossCheckUnitPrice(null, { amountCents: 199, per: "kg" }).status).toBe("unchecked");
  });
});
