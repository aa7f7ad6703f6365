import { describe, expect, it } from "vitest";
import {
  formatCount,
  formatDisplayPrice,
  formatMachinePrice,
  formatPortugueseDate,
  formatQuantityValue,
  NBSP,
  NNBSP,
  PORTUGUESE_MONTH_NAMES,
} from "../../../../dev/store/format-pt";
import { parsePriceToCents } from "../../../../functions/shop/adapters/store/extraction/parse-price";
import { parseResultCount } from "../../../../functions/shop/adapters/store/tools/search-products";

describe("counts and quantities as the real site writes them", () => {
  it("writes the search count with a comma for thousands and cart quantities with one decimal", () => {
    expect(formatCount(59)).toBe("59");
    expect(formatCount(1059)).toBe("1,059");
    expect(formatCount(1234567)).toBe("1,234,567");
    expect(parseResultCount(`${formatCount(1059)} resultados para:`)).toBe(1059);
    expect(formatQuantityValue(2)).toBe("2.0");
    expect(formatQuantityValue(1.3)).toBe("1.3");
    expect(formatQuantityValue(0.15)).toBe("0.15");
  });
});

describe("pt-PT formatting in the simulated store", () => {
  it("prints prices like Auchan.pt: comma decimal, a plain space before €, groups only above four digits", () => {
    expect(formatDisplayPrice(86)).toBe("0,86 €");
    expect(formatDisplayPrice(123450)).toBe("1234,50 €");
    expect(formatDisplayPrice(1234567)).toBe("12 345,67 €");
    expect(formatDisplayPrice(1234567, NBSP)).toBe("12\u00a0345,67\u00a0€");
    expect(formatDisplayPrice(1234567, NNBSP)).toBe("12\u202f345,67\u202f€");
    expect(formatMachinePrice(86)).toBe("0.86");
    expect(formatPortugueseDate("2026-01-03")).toBe("03/01/2026");
  });

  it("prints what the tools' parser reads back, for any price", () => {
    for (const cents of [0, 1, 9, 10, 99, 100, 2999, 99999, 100000, 1000000, 123456789]) {
      expect(parsePriceToCents(formatDisplayPrice(cents))).toBe(cents);
      expect(parsePriceToCents(formatDisplayPrice(cents, NNBSP))).toBe(cents);
      expect(parsePriceToCents(formatMachinePrice(cents))).toBe(cents);
    }
  });
});

describe("Portuguese month names (one list for the slot plan and the order pages)", () => {
  it("are pt-PT's own long month names, January first", () => {
    const ptPt = new Intl.DateTimeFormat("pt-PT", { month: "long", timeZone: "UTC" });
    expect(PORTUGUESE_MONTH_NAMES).toEqual(
      Array.from({ length: 12 }, (_, month) => ptPt.format(new Date(Date.UTC(2026, month, 15)))),
    );
  });
});
