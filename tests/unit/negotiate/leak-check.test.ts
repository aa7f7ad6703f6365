import { describe, expect, it } from "vitest";
import {
  checkDraftForLeaks,
  forbiddenPromises,
  moneyMentions,
  privateFiguresInInstructions,
} from "../../../functions/negotiate/domain/leak-check";
import { merchantInstructions, orderContext } from "../../support/negotiate/negotiation-fixtures";

const check = (body: string, extra: Partial<Parameters<typeof checkDraftForLeaks>[0]> = {}) =>
  checkDraftForLeaks({
    draft: { subject: "Re: oat milk", body },
    orderContext,
    merchantInstructions,
    ...extra,
  });

describe("the leak check on drafted replies", () => {
  it.each([
    "Our target is $4.37 per unit.",
    "We were hoping for 4,37 USD.",
    "Could you do US$ 4.37?",
    "We could pay USD 4.37 a unit.",
    "Something near 4.37 would work.",
  ])("finds the target price written as %s", (body) => {
    const result = check(body);
    expect(result.blocked).toBe(true);
    expect(result.findings).toContainEqual(
      expect.objectContaining({ kind: "private_figure", source: "targetPrice" }),
    );
  });

  it("finds the last known price and the walk-away figure of the instructions", () => {
    expect(check("Last time you charged us $4.81.").findings[0]).toMatchObject({ source: "lastKnownPrice" });
    expect(check("We cannot go beyond 5,19 USD.").findings[0]).toMatchObject({
      source: "instructions",
      subject: "5.19",
      excerpt: "5,19 USD",
    });
  });

  it("lets the counter price decided on and the supplier's own quote through", () => {
    expect(check("Could we meet at $4.37?", { counterTerms: { targetPrice: 4.37 } }).blocked).toBe(false);
    expect(check("You quoted $4.95; we propose $4.60.").blocked).toBe(false);
  });

  it("ignores plain numbers that are not money (quantities, days)", () => {
    expect(check("We need 2,000 units within 14 days.").blocked).toBe(false);
  });

  it("finds a promise the instructions forbid", () => {
    const result = check("We are happy to make you our exclusive supplier.");
    expect(result.findings).toEqual([
      expect.objectContaining({ kind: "forbidden_promise", subject: "exclusivity" }),
    ]);
  });

  it("reads figures in the formats merchants write", () => {
    expect(privateFiguresInInstructions("Never pay more than EUR 1.250,00 per pallet. Be nice.")).toEqual([
      1250,
    ]);
    expect(moneyMentions("1,250.50 USD").flatMap((m) => m.values)).toEqual([1250.5]);
    expect(forbiddenPromises("Do not commit to future orders.")).toEqual([
      { phrase: "future orders", stems: ["futu", "orde"] },
    ]);
  });
});
