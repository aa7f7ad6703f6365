import { z } from "zod";
import type { ValueRanking } from "../substitution/substitution-contracts";

/**
 * How long a household's choice is remembered: 120 days (about four months, some seventeen weekly runs).
 * Long enough to cover products bought monthly or less, and the weeks a product stays out of stock; short
 * enough that a choice made for a range the store no longer sells, a recipe changed, or a taste that moved
 * on does not decide the ranking forever, and a rejected product gets a fresh look after a season.
 */
export const SUBSTITUTION_CHOICE_TTL_DAYS = 120;

const productId = z.string().min(1).max(40);

/** One decision remembered: for `originalProductId`, the household accepted or rejected `substituteProductId`. */
export const substitutionChoiceSchema = z.object({
  originalProductId: productId,
  substituteProductId: productId,
  verdict: z.enum(["accepted", "rejected"]),
  /** When the household decided (the run's decision time, ISO 8601). */
  decidedAt: z.string(),
  /** The run whose recommendation it decided. */
  runId: z.string(),
  originalName: z.string().optional(),
  substituteName: z.string().optional(),
  /** When it is forgotten (ISO 8601): decidedAt + SUBSTITUTION_CHOICE_TTL_DAYS. */
  expiresAt: z.string(),
});
export type SubstitutionChoice = z.infer<typeof substitutionChoiceSchema>;

/** What a run's ranking of one original needs to know: its remembered choices, newest first. */
export const rememberedChoicesSchema = z.object({
  accepted: z.array(z.object({ productId, decidedAt: z.string() })),
  rejected: z.array(z.object({ productId, decidedAt: z.string() })),
});
export type RememberedChoices = z.infer<typeof rememberedChoicesSchema>;

export const choiceExpiry = (decidedAt: string): string =>
  new Date(Date.parse(decidedAt) + SUBSTITUTION_CHOICE_TTL_DAYS * 86_400_000).toISOString();

/** One original's choices as a ranking reads them (expired ones dropped; newest first). */
export const rememberedFrom = (choices: readonly SubstitutionChoice[], now: Date): RememberedChoices => {
  const live = choices
    .filter((c) => Date.parse(c.expiresAt) > now.getTime())
    .sort((a, b) => b.decidedAt.localeCompare(a.decidedAt));
  const pick = (verdict: SubstitutionChoice["verdict"]) =>
    live
      .filter((c) => c.verdict === verdict)
      .map((c) => ({ productId: c.substituteProductId, decidedAt: c.decidedAt }));
  return { accepted: pick("accepted"), rejected: pick("rejected") };
};

/** How a reason starts for the substitute the household accepted before. */
export const HOUSEHOLD_CHOICE_PREFIX = "Escolha da casa";
/** How a reason starts for the substitute the household rejected before. */
export const HOUSEHOLD_REJECTED_PREFIX = "Recusado pela casa";

const day = (iso: string) => iso.slice(0, 10);

/**
 * The household's remembered choices over a finished ranking (after the kind and attribute guard): the
 * newest accepted substitute on offer ranks first, "strong", its reason saying it was the household's
 * choice and when; a rejected one is never "strong" and ranks after every other, saying so. Ranks are
 * renumbered 1..n. Idempotent.
 */
export const applyRememberedChoices = <R extends ValueRanking>(
  rankings: readonly R[],
  remembered: RememberedChoices | undefined,
): R[] => {
  if (!remembered || (remembered.accepted.length === 0 && remembered.rejected.length === 0)) {
    return [...rankings];
  }
  const rejectedAt = new Map(remembered.rejected.map((r) => [r.productId, r.decidedAt]));
  const chosen = remembered.accepted.find(
    (a) => !rejectedAt.has(a.productId) && rankings.some((r) => r.productId === a.productId),
  );
  const first: R[] = [];
  const middle: R[] = [];
  const last: R[] = [];
  for (const ranking of rankings) {
    if (chosen && ranking.productId === chosen.productId) {
      const note = `${HOUSEHOLD_CHOICE_PREFIX}: aceite em ${day(chosen.decidedAt)}`;
      first.push({
        ...ranking,
        recommendation: "strong",
        reason: ranking.reason.startsWith(HOUSEHOLD_CHOICE_PREFIX)
          ? ranking.reason
          : `${note}; ${ranking.reason}`,
      });
      continue;
    }
    const rejected = rejectedAt.get(ranking.productId);
    if (rejected !== undefined) {
      const note = `${HOUSEHOLD_REJECTED_PREFIX} em ${day(rejected)}`;
      last.push({
        ...ranking,
        recommendation: ranking.recommendation === "strong" ? "acceptable" : ranking.recommendation,
        reason: ranking.reason.startsWith(HOUSEHOLD_REJECTED_PREFIX)
          ? ranking.reason
          : `${note}; ${ranking.reason}`,
      });
      continue;
    }
    middle.push(ranking);
  }
  return [...first, ...middle, ...last].map((ranking, index) => ({ ...ranking, rank: index + 1 }));
};
