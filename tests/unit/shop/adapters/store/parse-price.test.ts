import { describe, expect, it } from "vitest";
import { parsePriceToCents } from "../../../../../functions/shop/adapters/store/extraction/parse-price";

const NBSP = "\u00a0";
const NNBSP = "\u202f";

describe("parsePriceToCents (pt-PT and machine formats from STORE.md)", () => {
  it.each([
    [`0,86${NBSP}€`, 86],
    [`0,86${NNBSP}€`, 86],
    ["0,86 €", 86],
    [`€${NBSP}1,99`, 199],
    [`€${NNBSP}12${NNBSP}345,67`, 1234567],
    ["0,86€", 86],
    ["€0,86", 86],
    [`1,99${NBSP}€ /Kg`, 199],
    [`1234,50${NBSP}€`, 123450],
    [`12${NBSP}345,67${NBSP}€`, 1234567],
    [`12${NNBSP}345,67 €`, 1234567],
    ["0.86", 86],
    ["12.5", 1250],
    ["3", 300],
    ["1.234,50 €", 123450],
  ])("reads %j as %i cents", (text, cents) => {
    expect(parsePriceToCents(text)).toBe(cents);
  });

  it("does not read a following quantity into the price", () => {
    expect(parsePriceToCents(`2,49${NBSP}€ 6 un`)).toBe(249);
  });

  it("keeps a minus sign before the amount, so a broken page's negative price is not read as positive", () => {
    expect(parsePriceToCents("-0,86 €")).toBe(-86);
    expect(parsePriceToCents(`€${NBSP}-1,99`)).toBe(-199);
    expect(parsePriceToCents("\u22122,49 €")).toBe(-249);
    expect(parsePriceToCents("-0.86")).toBe(-86);
  });

  it("returns null when there is no number", () => {
    expect(parsePriceToCents("Indisponível online")).toBeNull();
    expect(parsePriceToCents("")).toBeNull();
  });
});
