import { describe, expect, it } from "vitest";
import { z } from "zod";
import { matchAllowedValue } from "../../../functions/core/text/allowed-value";
import {
  currencyCodeFromText,
  daysFromText,
  modelFraction,
  modelList,
  modelNullableEnum,
} from "../../../functions/core/text/model-values";
import { numberFromText } from "../../../functions/core/text/number-text";

const ACTIONS = ["accept", "counter", "escalate", "clarify"] as const;
const EXPERTS = ["extraction", "escalation", "needs"] as const;
const OPS = ["replace_ingredient", "remove_ingredient", "add_ingredient", "scale_servings"] as const;

describe("matchAllowedValue", () => {
  it.each([
    ["Accept", ACTIONS, "accept"],
    ["counter-offer", ACTIONS, "counter"],
    ["Counteroffer", ACTIONS, "counter"],
    ["Escalate to human", ACTIONS, "escalate"],
    ["Ask for clarification", ACTIONS, "clarify"],
    ["Extraction Expert", EXPERTS, "extraction"],
    ["needs_expert", EXPERTS, "needs"],
    ["escalation-expert", EXPERTS, "escalation"],
    ["Clarifying question", ACTIONS, "clarify"],
    ["Acceptance", ACTIONS, "accept"],
    ["need", EXPERTS, "needs"],
    ["Replace", OPS, "replace_ingredient"],
    ["replace ingredient", OPS, "replace_ingredient"],
    ["Scale Servings", OPS, "scale_servings"],
  ] as const)("reads %j as %s", (raw, allowed, meant) => {
    expect(matchAllowedValue(raw, allowed)).toBe(meant);
  });

  it.each([
    "accept or counter",
    "reject",
    "a",
    "",
    "escalate and clarify",
    "Do not escalate",
    "Don't accept",
    "No counter needed",
    "country",
    "counterproductive",
  ])("does not guess at %j", (raw) => {
    expect(matchAllowedValue(raw, ACTIONS)).toBeUndefined();
  });
});

describe("numberFromText", () => {
  it.each([
    ["$4.20", {}, 4.2],
    ["4,20 €", {}, 4.2],
    ["US$ 4.37", {}, 4.37],
    ["1.250,00 EUR", {}, 1250],
    ["1,250.00", {}, 1250],
    ["100 000 ₽", {}, 100000],
    ["0.125", {}, 0.125],
    ["10,000 units", { integer: true }, 10000],
    ["10.000", { integer: true }, 10000],
    ["2000", { integer: true }, 2000],
  ] as const)("reads %j as %d", (text, options, value) => {
    expect(numberFromText(text, options)).toBe(value);
  });

  it.each([
    ["4,200", {}],
    ["4.200 USD", {}],
    ["2-3 weeks", {}],
    ["$4.20 for 2000 units", {}],
    ["4.5", { integer: true }],
    ["about five", {}],
    ["1 23", {}],
    ["10k units", { integer: true }],
    ["50 тыс. ₽", {}],
    ["5 million", { integer: true }],
    ["2 mil €", {}],
  ] as const)("refuses %j (none, several, or two readings)", (text, options) => {
    expect(numberFromText(text, options)).toBeUndefined();
  });
});

describe("model schema parts", () => {
  it("a percentage where a fraction is asked is the fraction; 1 stays 1", () => {
    expect(modelFraction().parse(85)).toBe(0.85);
    expect(modelFraction().parse("90%")).toBe(0.9);
    expect(modelFraction().parse(1)).toBe(1);
    expect(modelFraction().safeParse(250).success).toBe(false);
    expect(modelFraction().parse("0,85")).toBe(0.85);
    expect(modelFraction().parse("92.5%")).toBe(0.925);
    expect(modelFraction().safeParse(1.4).success).toBe(false);
    expect(modelFraction().safeParse("4,200").success).toBe(false);
  });

  it('"none" is null in a nullable enum, and a value it cannot read fails naming the valid ones', () => {
    const schema = modelNullableEnum(EXPERTS);
    expect(schema.parse("None")).toBeNull();
    expect(schema.parse("Needs Expert")).toBe("needs");
    const failed = schema.safeParse("legal");
    expect(failed.success).toBe(false);
    expect(failed.error?.issues[0]?.message).toBe("must be one of extraction, escalation, needs");
  });
});

describe("lists and days as a model writes them", () => {
  it("a numbered text is its lines, a comma text its parts when asked, a list stays a list", () => {
    const list = modelList(z.array(z.string()));
    expect(list.parse("1. Price?\n2) Lead time?\n- Terms?")).toEqual(["Price?", "Lead time?", "Terms?"]);
    expect(modelList(z.array(z.string()), { commas: true }).parse("unitPrice, leadTimeDays")).toEqual([
      "unitPrice",
      "leadTimeDays",
    ]);
    expect(list.parse(["a", "b"])).toEqual(["a", "b"]);
  });

  it("days from weeks; months and business days are no certain count", () => {
    expect(daysFromText("2 weeks")).toBe(14);
    expect(daysFromText("10 days")).toBe(10);
    expect(daysFromText("1 month")).toBeUndefined();
    expect(daysFromText("10 business days")).toBeUndefined();
  });
});

describe("currencyCodeFromText", () => {
  it.each([
    ["usd", "USD"],
    ["US$", "USD"],
    ["€", "EUR"],
    ["euros", "EUR"],
  ])("reads %j as %s", (text, code) => {
    expect(currencyCodeFromText(text)).toBe(code);
  });

  it.each(["per", "abc", "$"])("does not take %j for a currency code", (text) => {
    expect(currencyCodeFromText(text)).toBeUndefined();
  });
});
