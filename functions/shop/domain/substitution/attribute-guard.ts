import {
  type AttributeLexicon,
  DEFAULT_ATTRIBUTE_LEXICON,
  describeDifferences,
  nameDifferences,
} from "../product-attributes";
import type { ValueRanking } from "./substitution-contracts";

/** How a reason starts when the substitute is not the same kind of product. */
export const DIFFERS_PREFIX = "Diferente do original:";

/**
 * Seed 000's rule 4 ("TRUE SUBSTITUTE CHECK: must serve same purpose") in code, after any ranker (the
 * model's or the heuristic's): a candidate that loses one of the original's defining attributes (sem
 * lactose, de ovelha, virgem extra, grego, …) is never "strong" (lowered to "acceptable"), its reason
 * says what differs ("sem lactose → com lactose"), and it ranks below every candidate that keeps them.
 * Order within each group is the ranker's; ranks are renumbered 1..n. Idempotent.
 */
export const keepDefiningAttributes = <R extends ValueRanking>(
  rankings: readonly R[],
  originalName: string,
  nameOf: (productId: string) => string | undefined,
  lexicon: AttributeLexicon = DEFAULT_ATTRIBUTE_LEXICON,
): R[] => {
  const keepers: R[] = [];
  const losers: Array<{ ranking: R; count: number }> = [];
  for (const ranking of rankings) {
    const name = nameOf(ranking.productId);
    const differences = name === undefined ? [] : nameDifferences(originalName, name, lexicon);
    if (differences.length === 0) {
      keepers.push(ranking);
      continue;
    }
    const said = ranking.reason.startsWith(DIFFERS_PREFIX);
    losers.push({
      count: differences.length,
      ranking: {
        ...ranking,
        recommendation: ranking.recommendation === "strong" ? "acceptable" : ranking.recommendation,
        reason: said
          ? ranking.reason
          : `${DIFFERS_PREFIX} ${describeDifferences(differences)}; ${ranking.reason}`,
      },
    });
  }
  // Fewer differences first (a plain milk before a chocolate milk for a lactose-free one), else the ranker's order.
  const ordered = [...keepers, ...losers.sort((a, b) => a.count - b.count).map((l) => l.ranking)];
  return ordered.map((ranking, index) => ({ ...ranking, rank: index + 1 }));
};
