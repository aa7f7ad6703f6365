import {
  type AttributeLexicon,
  DEFAULT_ATTRIBUTE_LEXICON,
  describeDifferences,
  describeKindDifference,
  type KindSubject,
  kindDifference,
  nameDifferences,
  OTHER_KIND_PREFIX,
} from "../product-attributes";
import type { ValueRanking } from "./substitution-contracts";

/** How a reason starts when the substitute is not the same kind of product. */
export const DIFFERS_PREFIX = "Diferente do original:";

/** The store's category path of the original and of each candidate, where the store gives one. */
export interface KindSignals {
  originalCategory?: string | readonly string[] | undefined;
  categoryOf?: (productId: string) => string | readonly string[] | undefined;
  /** false: the kind from names only (what `store:check-substitutes` compares against). */
  useCategory?: boolean;
}

/**
 * Seed 000's rule 4 ("TRUE SUBSTITUTE CHECK: must serve same purpose") in code, after any ranker (the
 * model's or the heuristic's). A candidate of another kind of product (its category path, or the kind its
 * name names first: iogurte → leite) is never "strong", its reason says so ("Outro tipo de produto:
 * iogurte → leite"), and it ranks below every candidate of the same kind. A candidate that loses one of
 * the original's defining attributes (sem lactose, de ovelha, virgem extra, grego, 1 a 3 anos,
 * proteína, …) is never "strong" either, its reason says what differs ("sem lactose → com lactose"), and
 * it ranks below every candidate of its kind that keeps them. Order within each group is the ranker's;
 * ranks are renumbered 1..n. Idempotent.
 */
export const keepDefiningAttributes = <R extends ValueRanking>(
  rankings: readonly R[],
  originalName: string,
  nameOf: (productId: string) => string | undefined,
  lexicon: AttributeLexicon = DEFAULT_ATTRIBUTE_LEXICON,
  signals: KindSignals = {},
): R[] => {
  const original: KindSubject = { name: originalName, category: signals.originalCategory };
  const graded = rankings.map((ranking) => {
    const name = nameOf(ranking.productId);
    if (name === undefined) return { ranking, otherKind: false, count: 0 };
    const kind = kindDifference(
      original,
      { name, category: signals.categoryOf?.(ranking.productId) },
      { useCategory: signals.useCategory !== false },
    );
    const differences = nameDifferences(originalName, name, lexicon);
    if (!kind && differences.length === 0) return { ranking, otherKind: false, count: 0 };
    const notes = [
      kind && !ranking.reason.includes(OTHER_KIND_PREFIX) ? describeKindDifference(kind) : undefined,
      differences.length > 0 && !ranking.reason.includes(DIFFERS_PREFIX)
        ? `${DIFFERS_PREFIX} ${describeDifferences(differences)}`
        : undefined,
    ].filter((note): note is string => note !== undefined);
    return {
      otherKind: kind !== undefined,
      count: differences.length,
      ranking: {
        ...ranking,
        recommendation: ranking.recommendation === "strong" ? "acceptable" : ranking.recommendation,
        reason: notes.length > 0 ? `${notes.join("; ")}; ${ranking.reason}` : ranking.reason,
      },
    };
  });
  // Same kind first; within it, the ones that keep every attribute, then fewer differences first (a plain
  // milk before a chocolate milk for a lactose-free one); else the ranker's order (a stable sort).
  const ordered = graded
    .map((entry, index) => ({ ...entry, index }))
    .sort((a, b) => Number(a.otherKind) - Number(b.otherKind) || a.count - b.count || a.index - b.index)
    .map((entry) => entry.ranking);
  return ordered.map((ranking, index) => ({ ...ranking, rank: index + 1 }));
};
