import { type PackSize, parsePackSize } from "../packs/parse-pack-size";
import {
  type AttributeLexicon,
  addedAttributes,
  DEFAULT_ATTRIBUTE_LEXICON,
  describeDifferences,
  describeKindDifference,
  type KindSubject,
  kindDifference,
  nameDifferences,
  OTHER_KIND_PREFIX,
  readAttributes,
  shelfCloseness,
} from "../product-attributes";
import type { ValueRanking } from "./substitution-contracts";

/**
 * Whether a candidate's pack serves the same use as the original's: each pack, and the whole, between 0.4
 * and 2.5 times the original's (a 1 kg bag for 400 g, a 1 l carton for a 1 l carton; not a case of eight
 * cartons, a 200 ml brick, nor a 3 l can for a 750 ml bottle). Unknown sizes fit.
 */
const packFits = (original: PackSize | null, candidate: PackSize | null): boolean => {
  if (!original || !candidate) return true;
  for (const unit of ["l", "kg"] as const) {
    const a = original.totals[unit];
    const b = candidate.totals[unit];
    if (a === undefined || b === undefined || a <= 0) continue;
    const each = b / candidate.packCount / (a / original.packCount);
    const whole = b / a;
    return each >= 0.4 && each <= 2.5 && whole >= 0.4 && whole <= 2.5;
  }
  return true;
};

/** How a reason starts when the substitute's pack serves another use (a case for a carton). */
export const PACK_PREFIX = "Embalagem de outro uso:";

/** How a reason starts when the substitute is not the same kind of product. */
export const DIFFERS_PREFIX = "Diferente do original:";

/**
 * What differs between the original and a substitute, as data (`RankedCandidate.differences`): `attribute`
 * is a lexicon dimension (dietary, source, grade…), `product_type` (another kind of product: iogurte →
 * leite) or `pack` (a pack of another use); `original` and `substitute` are the pt-PT words the reason uses.
 */
export interface SubstituteDifference {
  attribute: string;
  original: string;
  substitute: string;
}

/** The guard's reading of one candidate against the original: kind, attributes, pack. */
interface Comparison {
  kind: ReturnType<typeof kindDifference>;
  differences: ReturnType<typeof nameDifferences>;
  added: number;
  closeness: number;
  misfit: { original: PackSize; candidate: PackSize } | undefined;
}

const compare = (
  originalName: string,
  candidateName: string,
  candidateCategory: string | readonly string[] | undefined,
  lexicon: AttributeLexicon,
  signals: KindSignals,
): Comparison => {
  const original: KindSubject = { name: originalName, category: signals.originalCategory };
  const candidate: KindSubject = { name: candidateName, category: candidateCategory };
  const useCategory = signals.useCategory !== false;
  const originalPack = parsePackSize(originalName);
  const candidatePack = parsePackSize(candidateName);
  return {
    kind: kindDifference(original, candidate, { useCategory }),
    differences: nameDifferences(originalName, candidateName, lexicon),
    added: addedAttributes(
      readAttributes(originalName, lexicon),
      readAttributes(candidateName, lexicon),
      lexicon,
    ).length,
    closeness: useCategory ? shelfCloseness(original, candidate) : 0,
    misfit:
      originalPack && candidatePack && !packFits(originalPack, candidatePack)
        ? { original: originalPack, candidate: candidatePack }
        : undefined,
  };
};

/** What the guard finds differs between the original and one substitute (empty: nothing it knows of). */
export const substituteDifferences = (
  originalName: string,
  candidateName: string,
  candidateCategory?: string | readonly string[],
  lexicon: AttributeLexicon = DEFAULT_ATTRIBUTE_LEXICON,
  signals: Omit<KindSignals, "categoryOf"> = {},
): SubstituteDifference[] => {
  const { kind, differences, misfit } = compare(
    originalName,
    candidateName,
    candidateCategory,
    lexicon,
    signals,
  );
  return [
    ...(kind ? [{ attribute: "product_type", original: kind.from, substitute: kind.to }] : []),
    ...differences.map((d) => ({ attribute: d.dimension, original: d.from, substitute: d.to })),
    ...(misfit
      ? [
          {
            attribute: "pack",
            original: misfit.original.text.toLowerCase(),
            substitute: misfit.candidate.text.toLowerCase(),
          },
        ]
      : []),
  ];
};

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
 * it ranks below every candidate of its kind that keeps them. Among those that keep them, one that adds
 * nothing the household did not choose (sem lactose, proteína, bio for a plain one) comes first, then the
 * pack that serves the same use (not a case of eight for one carton), then the closest on the store's tree;
 * else the ranker's order. Ranks are renumbered 1..n. Idempotent.
 */
export const keepDefiningAttributes = <R extends ValueRanking>(
  rankings: readonly R[],
  originalName: string,
  nameOf: (productId: string) => string | undefined,
  lexicon: AttributeLexicon = DEFAULT_ATTRIBUTE_LEXICON,
  signals: KindSignals = {},
): R[] => {
  const graded = rankings.map((ranking) => {
    const name = nameOf(ranking.productId);
    if (name === undefined) return { ranking, otherKind: false, count: 0, added: 0, misfit: 0, closeness: 0 };
    const compared = compare(originalName, name, signals.categoryOf?.(ranking.productId), lexicon, signals);
    const { kind, differences, added, closeness } = compared;
    const misfit = compared.misfit ? 1 : 0;
    if (!kind && differences.length === 0 && misfit === 0) {
      return { ranking, otherKind: false, count: 0, added, misfit, closeness };
    }
    const notes = [
      kind && !ranking.reason.includes(OTHER_KIND_PREFIX) ? describeKindDifference(kind) : undefined,
      differences.length > 0 && !ranking.reason.includes(DIFFERS_PREFIX)
        ? `${DIFFERS_PREFIX} ${describeDifferences(differences)}`
        : undefined,
      compared.misfit && !ranking.reason.includes(PACK_PREFIX)
        ? `${PACK_PREFIX} ${compared.misfit.original.text.toLowerCase()} → ${compared.misfit.candidate.text.toLowerCase()}`
        : undefined,
    ].filter((note): note is string => note !== undefined);
    return {
      otherKind: kind !== undefined,
      count: differences.length,
      added,
      misfit,
      closeness,
      ranking: {
        ...ranking,
        recommendation: ranking.recommendation === "strong" ? "acceptable" : ranking.recommendation,
        reason: notes.length > 0 ? `${notes.join("; ")}; ${ranking.reason}` : ranking.reason,
      },
    };
  });
  // Same kind first; within it, the ones that keep every attribute, then fewer differences first (a plain
  // milk before a chocolate milk for a lactose-free one), fewer additions, the closer shelf; else the
  // ranker's order (a stable sort).
  const ordered = graded
    .map((entry, index) => ({ ...entry, index }))
    .sort(
      (a, b) =>
        Number(a.otherKind) - Number(b.otherKind) ||
        a.count - b.count ||
        a.added - b.added ||
        a.misfit - b.misfit ||
        b.closeness - a.closeness ||
        a.index - b.index,
    )
    .map((entry) => entry.ranking);
  return ordered.map((ranking, index) => ({ ...ranking, rank: index + 1 }));
};
