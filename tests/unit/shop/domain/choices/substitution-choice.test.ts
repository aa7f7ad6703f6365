import { describe, expect, it } from "vitest";
import {
  applyRememberedChoices,
  choiceExpiry,
  HOUSEHOLD_CHOICE_PREFIX,
  HOUSEHOLD_REJECTED_PREFIX,
  rememberedFrom,
  SUBSTITUTION_CHOICE_TTL_DAYS,
  type SubstitutionChoice,
} from "../../../../../functions/shop/domain/choices/substitution-choice";
import type { ValueRanking } from "../../../../../functions/shop/domain/substitution/substitution-contracts";

const ranking = (
  productId: string,
  rank: number,
  recommendation: ValueRanking["recommendation"],
): ValueRanking => ({
  productId,
  rank,
  valueScore: 0.9 - rank / 10,
  brandPreference: "store",
  priceComparison: "similar",
  capacityCostRatio: 1,
  recommendation,
  reason: "Preço semelhante.",
});
const ranked = [ranking("a", 1, "strong"), ranking("b", 2, "strong"), ranking("c", 3, "acceptable")];

const choice = (over: Partial<SubstitutionChoice>): SubstitutionChoice => ({
  originalProductId: "o",
  substituteProductId: "c",
  verdict: "accepted",
  decidedAt: "2026-11-24T10:00:00.000Z",
  runId: "run-1",
  expiresAt: choiceExpiry("2026-11-24T10:00:00.000Z"),
  ...over,
});

describe("remembered choices over a ranking", () => {
  it("the accepted one on offer ranks first, strong, saying it was the household's choice and when", () => {
    const out = applyRememberedChoices(ranked, {
      accepted: [{ productId: "c", decidedAt: "2026-11-24T10:00:00.000Z" }],
      rejected: [],
    });
    expect(out.map((r) => [r.productId, r.rank])).toEqual([
      ["c", 1],
      ["a", 2],
      ["b", 3],
    ]);
    expect(out[0]?.recommendation).toBe("strong");
    expect(out[0]?.reason).toBe(`${HOUSEHOLD_CHOICE_PREFIX}: aceite em 2026-11-24; Preço semelhante.`);
    expect(
      applyRememberedChoices(out, {
        accepted: [{ productId: "c", decidedAt: "2026-11-24T10:00:00.000Z" }],
        rejected: [],
      }),
    ).toEqual(out);
  });

  it("a rejected one ranks after every other and is never strong, saying so", () => {
    const out = applyRememberedChoices(ranked, {
      accepted: [],
      rejected: [{ productId: "a", decidedAt: "2026-11-24T10:00:00.000Z" }],
    });
    expect(out.map((r) => r.productId)).toEqual(["b", "c", "a"]);
    expect(out[2]).toMatchObject({ recommendation: "acceptable", rank: 3 });
    expect(out[2]?.reason).toContain(`${HOUSEHOLD_REJECTED_PREFIX} em 2026-11-24`);
  });

  it("an accepted one not on offer changes nothing", () => {
    const out = applyRememberedChoices(ranked, {
      accepted: [{ productId: "gone", decidedAt: "2026-11-24T10:00:00.000Z" }],
      rejected: [],
    });
    expect(out).toEqual(ranked);
  });

  it(`is forgotten ${SUBSTITUTION_CHOICE_TTL_DAYS} days after the decision; newest first`, () => {
    const older = choice({
      substituteProductId: "b",
      decidedAt: "2026-11-01T10:00:00.000Z",
      expiresAt: choiceExpiry("2026-11-01T10:00:00.000Z"),
    });
    const newer = choice({});
    expect(
      rememberedFrom([older, newer], new Date("2026-12-01T00:00:00Z")).accepted.map((a) => a.productId),
    ).toEqual(["c", "b"]);
    const later = new Date(Date.parse(newer.decidedAt) + SUBSTITUTION_CHOICE_TTL_DAYS * 86_400_000 + 1);
    expect(rememberedFrom([newer], later).accepted).toEqual([]);
  });
});
