import { z } from "zod";
import { foldText } from "../../../core/text/fold-text";
import { parseOrThrow } from "../../../core/validation";
import { readAttributes } from "./defining-attributes";
import productKindsData from "./product-kinds.json";
import { repairMisencoding, vocabularyOf } from "./repair-name";

/*
 * The kind of a product (iogurte, leite, bebida láctea, azeite, pão…) as one of its defining attributes:
 * a substitute of another kind is never strong and ranks below every one of the same kind. Two signals:
 * the kind the name names first (words per store in product-kinds.json, never a list of products seen),
 * and the store's category tree, weighed, not obeyed: the store files one kind on sibling shelves
 * ("Iogurtes/Cremosos Gregos", "Proteína/Iogurtes Proteicos"), lists products under promotions and
 * mirror trees ("Biológicos e Alternativas/…"), and puts flavoured condiments on the plain oil shelf.
 * So kinds that both names name decide; the tree decides only where a name is silent, and there two
 * shelves that share their parent are one kind. Paths that are not the product's shelf (a campaign, a
 * mirror tree whose attribute the name already says) count as no path. Shared depth is closeness.
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
      /** Category levels (folded, hyphenated) that are not a product's shelf. */
      shelves: z
        .strictObject({
          /** A path with one of these levels is a promotion or campaign listing: no shelf. */
          notShelf: z.array(z.string().regex(/^[a-z0-9-]+$/)),
          /** A mirror tree: no shelf when the name already says its attribute value. */
          mirrors: z.array(
            z.strictObject({ level: z.string().regex(/^[a-z0-9-]+$/), attribute: z.string().min(1) }),
          ),
        })
        .optional(),
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
  /** Every folded word of the phrases (to repair a mis-encoded name). */
  vocabulary: ReadonlySet<string>;
  notShelf: ReadonlySet<string>;
  mirrors: ReadonlyArray<{ level: string; attribute: string }>;
}

const lexiconOf = (storeId: string): KindLexicon => {
  const store = data.stores[storeId] ?? data.stores["auchan-pt"];
  const phrases = (store?.kinds ?? []).flatMap(({ kind, label, words }) =>
    words.map((word) => ({ words: foldText(word).split(" "), kind: { kind, label } })),
  );
  return {
    phrases: phrases.sort((a, b) => b.words.length - a.words.length),
    vocabulary: vocabularyOf((store?.kinds ?? []).flatMap((k) => k.words)),
    notShelf: new Set(store?.shelves?.notShelf ?? []),
    mirrors: store?.shelves?.mirrors ?? [],
  };
};

export const DEFAULT_KIND_LEXICON: KindLexicon = lexiconOf("auchan-pt");
export const kindLexiconFor = (storeId: string): KindLexicon => lexiconOf(storeId);

/** Whether a word is part of any kind's words ("lactea" of "bebida láctea"): it says what the food is. */
export const isKindWord = (word: string, lexicon: KindLexicon = DEFAULT_KIND_LEXICON): boolean => {
  const folded = foldText(word);
  return lexicon.phrases.some((phrase) => phrase.words.includes(folded));
};

const wordsOf = (name: string, lexicon: KindLexicon): string[] =>
  foldText(repairMisencoding(name, lexicon.vocabulary))
    .replace(/[,;:()[\]"'/]/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .split(" ");

/** The kind the name names first, with where its words are (word position and count in the name). */
export const findKind = (
  name: string,
  lexicon: KindLexicon = DEFAULT_KIND_LEXICON,
): { kind: ProductKind; position: number; length: number } | undefined => {
  const words = wordsOf(name, lexicon);
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
 * The levels of a product's path that are its shelf: none when the path is a promotion or campaign listing,
 * or a mirror tree whose attribute the name already says (an organic oil under "Biológicos e Alternativas",
 * a lactose-free milk under "Sem Lactose"): the name says more there than the tree.
 */
export const shelfLevels = (subject: KindSubject, lexicon: KindLexicon = DEFAULT_KIND_LEXICON): string[] => {
  const levels = categoryLevels(subject.category);
  if (levels.some((level) => lexicon.notShelf.has(level))) return [];
  const mirrors = lexicon.mirrors.filter((mirror) => levels.includes(mirror.level));
  if (mirrors.length > 0) {
    const said = new Set(Object.values(readAttributes(subject.name)).flat());
    if (mirrors.some((mirror) => said.has(mirror.attribute))) return [];
  }
  return levels;
};

const sharedDepth = (a: readonly string[], b: readonly string[]): number => {
  let depth = 0;
  while (depth < a.length && depth < b.length && a[depth] === b[depth]) depth++;
  return depth;
};

/** How close two products sit on the store's tree: the levels their shelves share (0: unknown or none). */
export const shelfCloseness = (
  original: KindSubject,
  candidate: KindSubject,
  lexicon: KindLexicon = DEFAULT_KIND_LEXICON,
): number => sharedDepth(shelfLevels(original, lexicon), shelfLevels(candidate, lexicon));

/**
 * Whether a candidate is another kind of product than the original. When both names name a kind, the
 * names decide: a kind that agrees outweighs a shelf that differs (a yoghurt on "Proteína/Iogurtes
 * Proteicos" is a yoghurt), one that differs outweighs a shared shelf (a flavoured-oil condiment on the
 * plain "Azeite" shelf is a condiment). Otherwise the shelves decide where both products have one: the
 * same shelf, or two shelves on one parent, are one kind; shelves that part higher are two, named by the
 * levels where they part. A signal a product lacks (no kind word, no shelf) does not count.
 * `useCategory: false` looks at names only.
 */
export const kindDifference = (
  original: KindSubject,
  candidate: KindSubject,
  options: { lexicon?: KindLexicon; useCategory?: boolean } = {},
): KindDifference | undefined => {
  const lexicon = options.lexicon ?? DEFAULT_KIND_LEXICON;
  const fromName = kindFromName(original.name, lexicon);
  const toName = kindFromName(candidate.name, lexicon);
  if (fromName && toName) {
    return fromName.kind === toName.kind ? undefined : { from: fromName.label, to: toName.label, by: "name" };
  }
  if (options.useCategory === false) return undefined;
  const a = shelfLevels(original, lexicon);
  const b = shelfLevels(candidate, lexicon);
  if (a.length === 0 || b.length === 0) return undefined;
  const depth = sharedDepth(a, b);
  if (depth >= Math.max(a.length, b.length) - 1) return undefined;
  const from = a[depth] ?? (a[a.length - 1] as string);
  const to = b[depth] ?? (b[b.length - 1] as string);
  return { from: levelLabel(from), to: levelLabel(to), by: "category" };
};

/** How a reason starts for a candidate of another kind. */
export const OTHER_KIND_PREFIX = "Outro tipo de produto:";

export const describeKindDifference = (difference: KindDifference): string =>
  `${OTHER_KIND_PREFIX} ${difference.from} → ${difference.to}`;
