/**
 * The substitution ranking measured on a labelled set written by someone who never read the ranking's code
 * (tests/fixtures/substitution-labels/auchan-pt-labels.json: for each original of the saved Auchan.pt pages,
 * the candidates a household accepts and the best ones, with the facts of every tile). Each original is
 * ranked against the other tiles of its page, offline (the heuristics `npm start` runs without a model),
 * each tile's category path sent, as `/shop/substitutes/rank` would. Used by `store:check-substitutes` and
 * by a unit test that holds the figure as a floor.
 */
import { z } from "zod";
import {
  addedAttributes,
  kindDifference,
  nameDifferences,
  readAttributes,
} from "../functions/shop/domain/product-attributes";
import type {
  SubstituteCandidate,
  ValueRanking,
} from "../functions/shop/domain/substitution/substitution-contracts";
import { rankByHeuristic } from "../functions/shop/domain/substitution/value-ranker";

const id = z.string().regex(/^\d+$/);

export const SubstitutionLabelsSchema = z.object({
  source: z.object({
    repository: z.string(),
    commit: z.string().regex(/^[0-9a-f]{40}$/),
    pages: z.array(z.string()).min(1),
  }),
  writtenAt: z.string(),
  method: z.string().min(1),
  rubric: z.array(z.string().min(1)).min(1),
  products: z.record(
    id,
    z.object({
      name: z.string().min(1),
      brand: z.string().optional(),
      price: z.number().nonnegative(),
      pricePerUnit: z.string().optional(),
      categoryPath: z.array(z.string()).optional(),
      pages: z.array(z.string()).min(1),
    }),
  ),
  originals: z
    .array(
      z.object({
        page: z.string().min(1),
        productId: id,
        mustKeep: z.array(z.string()),
        acceptable: z.array(id),
        best: z.array(id),
        note: z.string().optional(),
      }),
    )
    .min(150),
});
export type SubstitutionLabels = z.infer<typeof SubstitutionLabelsSchema>;

/** What went wrong with a first substitute the household would not accept, as our own readers see it. */
export type MistakeClass =
  | "another kind"
  | "loses a defining attribute"
  | "adds what was not chosen"
  | "pack size, format or price";

export interface OriginalOutcome {
  page: string;
  productId: string;
  name: string;
  first?: { productId: string; name: string; recommendation: ValueRanking["recommendation"]; reason: string };
  acceptable: number;
  firstAcceptable: boolean;
  firstBest: boolean;
  /** Rank of the first acceptable candidate (1-based), undefined when none is ranked. */
  firstAcceptableRank?: number;
  /** Unacceptable candidates ranked "strong". */
  strongTraps: Array<{ productId: string; name: string; mistake: MistakeClass }>;
  mistake?: MistakeClass;
}

export interface Evaluation {
  originals: number;
  withAcceptable: number;
  firstAcceptable: number;
  firstBest: number;
  strongTraps: number;
  /** Originals with no acceptable candidate whose first substitute is still "strong". */
  strongWithoutAcceptable: number;
  mistakes: Record<MistakeClass, number>;
  trapMistakes: Record<MistakeClass, number>;
  worst: OriginalOutcome[];
  outcomes: OriginalOutcome[];
}

const subjectOf = (p: { name: string; categoryPath?: string[] | undefined }) => ({
  name: p.name,
  category: p.categoryPath?.join("/"),
});

const classify = (
  original: { name: string; categoryPath?: string[] | undefined },
  candidate: { name: string; categoryPath?: string[] | undefined },
): MistakeClass => {
  if (kindDifference(subjectOf(original), subjectOf(candidate))) return "another kind";
  if (nameDifferences(original.name, candidate.name).length > 0) return "loses a defining attribute";
  if (addedAttributes(readAttributes(original.name), readAttributes(candidate.name)).length > 0) {
    return "adds what was not chosen";
  }
  return "pack size, format or price";
};

const zero = (): Record<MistakeClass, number> => ({
  "another kind": 0,
  "loses a defining attribute": 0,
  "adds what was not chosen": 0,
  "pack size, format or price": 0,
});

export const evaluateSubstitutions = (labels: SubstitutionLabels): Evaluation => {
  const outcomes: OriginalOutcome[] = [];
  for (const label of labels.originals) {
    const original = labels.products[label.productId];
    if (!original) throw new Error(`labels: original ${label.productId} has no product facts`);
    const candidates: SubstituteCandidate[] = Object.entries(labels.products)
      .filter(([productId, p]) => productId !== label.productId && p.pages.includes(label.page))
      .map(([productId, p]) => ({
        productId,
        name: p.name,
        price: p.price,
        available: true,
        ...(p.pricePerUnit ? { pricePerUnit: p.pricePerUnit } : {}),
        ...(p.brand ? { brand: p.brand } : {}),
        ...(p.categoryPath?.length ? { category: p.categoryPath.join("/") } : {}),
      }));
    const { rankings } = rankByHeuristic({
      originalProduct: {
        name: original.name,
        price: original.price,
        ...(original.pricePerUnit ? { pricePerUnit: original.pricePerUnit } : {}),
        ...(original.categoryPath?.length ? { category: original.categoryPath.join("/") } : {}),
      },
      candidates,
    });
    const acceptable = new Set(label.acceptable);
    const productOf = (productId: string) =>
      labels.products[productId] as NonNullable<(typeof labels.products)[string]>;
    const first = rankings[0];
    const firstAcceptableIndex = rankings.findIndex((r) => acceptable.has(r.productId));
    const strongTraps = rankings
      .filter((r) => r.recommendation === "strong" && !acceptable.has(r.productId))
      .map((r) => ({
        productId: r.productId,
        name: productOf(r.productId).name,
        mistake: classify(original, productOf(r.productId)),
      }));
    const firstAcceptable = first !== undefined && acceptable.has(first.productId);
    outcomes.push({
      page: label.page,
      productId: label.productId,
      name: original.name,
      ...(first
        ? {
            first: {
              productId: first.productId,
              name: productOf(first.productId).name,
              recommendation: first.recommendation,
              reason: first.reason,
            },
          }
        : {}),
      acceptable: acceptable.size,
      firstAcceptable,
      firstBest: first !== undefined && label.best.includes(first.productId),
      ...(firstAcceptableIndex >= 0 ? { firstAcceptableRank: firstAcceptableIndex + 1 } : {}),
      strongTraps,
      ...(first && acceptable.size > 0 && !firstAcceptable
        ? { mistake: classify(original, productOf(first.productId)) }
        : {}),
    });
  }
  const withAcceptable = outcomes.filter((o) => o.acceptable > 0);
  const mistakes = zero();
  for (const o of withAcceptable) if (o.mistake) mistakes[o.mistake]++;
  const trapMistakes = zero();
  for (const o of outcomes) for (const t of o.strongTraps) trapMistakes[t.mistake]++;
  const worst = withAcceptable
    .filter((o) => !o.firstAcceptable)
    .sort(
      (a, b) =>
        (b.firstAcceptableRank ?? 99) - (a.firstAcceptableRank ?? 99) ||
        b.strongTraps.length - a.strongTraps.length,
    )
    .slice(0, 10);
  return {
    originals: outcomes.length,
    withAcceptable: withAcceptable.length,
    firstAcceptable: withAcceptable.filter((o) => o.firstAcceptable).length,
    firstBest: withAcceptable.filter((o) => o.firstBest).length,
    strongTraps: outcomes.reduce((sum, o) => sum + o.strongTraps.length, 0),
    strongWithoutAcceptable: outcomes.filter(
      (o) => o.acceptable === 0 && o.first?.recommendation === "strong",
    ).length,
    mistakes,
    trapMistakes,
    worst,
    outcomes,
  };
};
