import { z } from "zod";
import { foldText } from "../../../core/text/fold-text";
import { parseOrThrow } from "../../../core/validation";
import productKindsData from "./product-kinds.json";

/*
 * The kind of a product (iogurte, leite, bebida láctea, azeite, pão…) as one of its defining attributes:
 * a substitute of another kind is never strong and ranks below every one of the same kind. Two signals,
 * the store's category path where both products have one (compared at the deepest level both have), and
 * the kind the name names first (words per store in product-kinds.json, never a list of products seen).
 */

export const ProductKindsDataSchema = z.strictObject({
  stores: z.record(
    z.string().min(1),
    z.strictObject({
      kinds: z
        .array(
          z.strictObject({
            kind: z.string().regex(/^[a-z_]+$/),
            /** How a reason names it (pt-PT). */
            label: z.string().min(1),
            /** Words or phrases of product names, lower case, accents folded before matching. */
            words: z.array(z.string().min(1)).min(1),
          }),
        )
        .min(1),
    }),
  ),
});

const data = parseOrThrow(ProductKindsDataSchema, productKindsData, "product-kinds.json");

export interface ProductKind {
  kind: string;
  label: string;
}

export interface KindLexicon {
  /** Phrases (folded, split in words) with their kind, longest first. */
  phrases: ReadonlyArray<{ words: readonly string[]; kind: ProductKind }>;
}

const lexiconOf = (storeId: string): KindLexicon => {
  const store = data.stores[storeId] ?? data.stores["auchan-pt"];
  const phrases = (store?.kinds ?? []).flatMap(({ kind, label, words }) =>
    words.map((word) => ({ words: foldText(word).split(" "), kind: { kind, label } })),
  );
  return { phrases: phrases.sort((a, b) => b.words.length - a.words.length) };
};

export const DEFAULT_KIND_LEXICON: KindLexicon = lexiconOf("auchan-pt");
export const kindLexiconFor = (storeId: string): KindLexicon => lexiconOf(storeId);

/** Whether a word is part of any kind's words ("lactea" of "bebida láctea"): it says what the food is. */
export const isKindWord = (word: string, lexicon: KindLexicon = DEFAULT_KIND_LEXICON): boolean => {
  const folded = foldText(word);
  return lexicon.phrases.some((phrase) => phrase.words.includes(folded));
};

const wordsOf = (name: string): string[] =>
  foldText(name)
    .replace(/[,;:()[\]"'/]/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .split(" ");

/** The kind the name names first, with where its words are (word position and count in the name). */
export const findKind = (
  name: string,
  lexicon: KindLexicon = DEFAULT_KIND_LEXICON,
): { kind: ProductKind; position: number; length: number } | undefined => {
  const words = wordsOf(name);
  for (let start = 0; start < words.length; start++) {
    for (const phrase of lexicon.phrases) {
      if (start + phrase.words.length > words.length) continue;
      if (phrase.words.every((word, i) => words[start + i] === word)) {
        return { kind: phrase.kind, position: start, length: phrase.words.length };
      }
    }
  }
  return undefined;
};

/** The kind the name names first ("iogurte grego … doce de leite" → iogurte); undefined when none. */
export const kindFromName = (
  name: string,
  lexicon: KindLexicon = DEFAULT_KIND_LEXICON,
): ProductKind | undefined => findKind(name, lexicon)?.kind;

/** A category path's levels, as comparison keys ("Leite UHT" and "leite-uht" meet). */
export const categoryLevels = (category: string | readonly string[] | undefined): string[] =>
  (typeof category === "string" ? category.split("/") : [...(category ?? [])])
    .map((level) =>
      foldText(level)
        .replace(/[^a-z0-9]+/g, "-")
        .replace(/^-|-$/g, ""),
    )
    .filter((level) => level.length > 0 && level !== "none" && level !== "undefined");

const levelLabel = (level: string): string => level.replaceAll("-", " ");

/** What a product is, for the kind check: its name and, where the store gives one, its category path. */
export interface KindSubject {
  name: string;
  category?: string | readonly string[] | undefined;
}

/** How two products differ in kind ("iogurte → leite"), or undefined when they are of the same kind. */
export interface KindDifference {
  from: string;
  to: string;
  /** Which signal told them apart. */
  by: "category" | "name";
}

/**
 * Whether a candidate is another kind of product than the original: their category paths differ at the
 * deepest level both have, or the kinds their names name first differ. A signal a product lacks (no path,
 * no kind word) does not count. `useCategory: false` looks at names only.
 */
export const kindDifference = (
  original: KindSubject,
  candidate: KindSubject,
  options: { lexicon?: KindLexicon; useCategory?: boolean } = {},
): KindDifference | undefined => {
  const lexicon = options.lexicon ?? DEFAULT_KIND_LEXICON;
  const fromName = kindFromName(original.name, lexicon);
  const toName = kindFromName(candidate.name, lexicon);
  if (fromName && toName && fromName.kind !== toName.kind) {
    return { from: fromName.label, to: toName.label, by: "name" };
  }
  if (options.useCategory === false) return undefined;
  const a = categoryLevels(original.category);
  const b = categoryLevels(candidate.category);
  const depth = Math.min(a.length, b.length);
  if (depth === 0) return undefined;
  const from = a[depth - 1] as string;
  const to = b[depth - 1] as string;
  if (from === to && a.slice(0, depth).join("/") === b.slice(0, depth).join("/")) return undefined;
  return { from: levelLabel(from), to: levelLabel(to), by: "category" };
};

/** How a reason starts for a candidate of another kind. */
export const OTHER_KIND_PREFIX = "Outro tipo de produto:";

export const describeKindDifference = (difference: KindDifference): string =>
  `${OTHER_KIND_PREFIX} ${difference.from} → ${difference.to}`;
