import { describe, expect, it } from "vitest";
import {
  formatDisplayPrice,
  formatMachinePrice,
  formatPortugueseDate,
  NNBSP,
} from "../../../../../dev/store/format-pt";
import { parsePriceToCents } from "../../../../../functions/shop/store/parse-price";

describe("pt-PT formatting in the simulated store", () => {
  it("prints prices like Auchan.pt: comma decimal, NBSP before €, NBSP groups only above four digits", () => {
    expect(formatDisplayPrice(86)).toBe("0,86\u00a0€");
    expect(formatDisplayPrice(123450)).toBe("1234,50\u00a0€");
    expect(formatDisplayPrice(1234567)).toBe("12\u00a0345,67\u00a0€");
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
