import { describe, expect, it } from "vitest";
import { z } from "zod";
import { modelEnum, nullAsEmpty, readFraction } from "../../../functions/core/llm/model-values";
import { resolveListedId } from "../../../functions/core/validation";

describe("reading the values a model fills", () => {
  it.each([
    ["0,85", 0.85],
    ["0.85", 0.85],
    ["85%", 0.85],
    ["85 %", 0.85],
    [85, 0.85],
    [1, 1],
    [0.4, 0.4],
  ])("reads %j as the fraction %d", (raw, fraction) => {
    expect(readFraction(raw)).toBe(fraction);
  });

  it.each([["4,200"], ["1.500"], [1.5], [250], ["250%"], ["alto"], [null]])(
    "leaves %j as sent (ambiguous or no fraction), for the schema to refuse",
    (raw) => {
      expect(readFraction(raw)).toBe(raw);
    },
  );

  it("reads an enum's near misses and aliases, and refuses the rest naming the valid values", () => {
    const schema = modelEnum(["store", "national", "more_expensive"] as const, { marcapropria: "store" });
    expect(schema.parse("Store")).toBe("store");
    expect(schema.parse(" more expensive ")).toBe("more_expensive");
    expect(schema.parse("Marca Própria")).toBe("store");
    const refused = schema.safeParse("cheap");
    expect(refused.success).toBe(false);
    expect(JSON.stringify(refused.error?.issues)).toContain("national");
  });

  it("reads null as empty text only where asked", () => {
    expect(nullAsEmpty(z.string()).parse(null)).toBe("");
    expect(z.string().safeParse(null).success).toBe(false);
  });

  it("reads a listed id written another way, and never picks between two", () => {
    const listed = [
      { id: "ab-12", name: "Leite Mimosa 1L" },
      { id: "cd-34", name: "leite agros 1l" },
      { id: "ef-56", name: "leite agros 1l" },
    ];
    expect(resolveListedId("AB-12", listed)).toBe("ab-12");
    expect(resolveListedId("leite mimosa 1l", listed)).toBe("ab-12");
    expect(resolveListedId("ID cd-34", listed)).toBe("cd-34");
    expect(resolveListedId("leite agros 1l", listed)).toBe("leite agros 1l");
    expect(resolveListedId("cd-34 or ef-56", listed)).toBe("cd-34 or ef-56");
    expect(resolveListedId(7, listed)).toBe(7);
  });
});
