import { foldText } from "../../../core/text/fold-text";
import {
  type AttributeDimension,
  type AttributeLexicon,
  DEFAULT_ATTRIBUTE_LEXICON,
  type DimensionSpec,
} from "./attribute-lexicon";
import { repairMisencoding, vocabularyOf } from "./repair-name";

/** A product's defining attributes: per dimension, the values its name names. */
export type ProductAttributes = Partial<Record<AttributeDimension, string[]>>;

/** One attribute found in a name, with the words the name used for it (what a query keeps). */
export interface FoundAttribute {
  dimension: AttributeDimension;
  value: string;
  /** The phrase as the lexicon writes it, folded ("sem lactose"). */
  phrase: string;
  /** Word position of the phrase in the folded name (for keeping the name's order). */
  position: number;
}

/** What differs between an original and a substitute, as a reason says it ("sem lactose → com lactose"). */
export interface AttributeDifference {
  dimension: AttributeDimension;
  from: string;
  to: string;
}

const vocabularies = new WeakMap<AttributeLexicon, Set<string>>();
const vocabularyFor = (lexicon: AttributeLexicon): Set<string> => {
  let vocabulary = vocabularies.get(lexicon);
  if (!vocabulary) {
    vocabulary = vocabularyOf(lexicon.dimensions.flatMap((d) => d.values.flatMap((v) => v.words)));
    vocabularies.set(lexicon, vocabulary);
  }
  return vocabulary;
};

/** Folded words of a name, mis-encodings repaired; "morango/banana" is two words ("s/ lactose" one). */
const normalise = (text: string, lexicon: AttributeLexicon = DEFAULT_ATTRIBUTE_LEXICON): string =>
  foldText(repairMisencoding(text, vocabularyFor(lexicon)))
    .replace(/([a-z]{2,})\/(?=[a-z]{2,})/g, "$1 ")
    .replace(/[,;:()[\]"']/g, " ")
    .replace(/\s+/g, " ")
    .trim();

/**
 * The attributes a product name names, longest phrases first ("virgem extra" before "virgem", "meio gordo"
 * before "gordo"); each word of the name counts for one attribute at most.
 */
export const findAttributes = (
  name: string,
  lexicon: AttributeLexicon = DEFAULT_ATTRIBUTE_LEXICON,
): FoundAttribute[] => {
  const words = normalise(name, lexicon).split(" ");
  const used = new Array<boolean>(words.length).fill(false);
  const phrases = lexicon.dimensions
    .flatMap((spec) =>
      spec.values.flatMap((value) =>
        value.words.map((word) => ({ spec, value: value.value, phrase: foldText(word).split(" ") })),
      ),
    )
    .sort(
      (a, b) => b.phrase.length - a.phrase.length || b.phrase.join(" ").length - a.phrase.join(" ").length,
    );
  const found: FoundAttribute[] = [];
  for (const { spec, value, phrase } of phrases) {
    for (let start = 0; start + phrase.length <= words.length; start++) {
      const span = words.slice(start, start + phrase.length);
      if (span.join(" ") !== phrase.join(" ")) continue;
      if (used.slice(start, start + phrase.length).some(Boolean)) continue;
      for (let i = start; i < start + phrase.length; i++) used[i] = true;
      found.push({ dimension: spec.dimension, value, phrase: phrase.join(" "), position: start });
    }
  }
  return found.sort((a, b) => a.position - b.position);
};

export const readAttributes = (
  name: string,
  lexicon: AttributeLexicon = DEFAULT_ATTRIBUTE_LEXICON,
): ProductAttributes => {
  const attributes: ProductAttributes = {};
  for (const found of findAttributes(name, lexicon)) {
    const values = attributes[found.dimension] ?? [];
    if (!values.includes(found.value)) values.push(found.value);
    attributes[found.dimension] = values;
  }
  return attributes;
};

const labelOf = (spec: DimensionSpec, value: string): string =>
  spec.values.find((v) => v.value === value)?.label ??
  (spec.implicit?.value === value ? spec.implicit.label : value);

const sameDimensionValue = (spec: DimensionSpec, values: readonly string[] | undefined): string | undefined =>
  values?.[0] ?? spec.implicit?.value;

/**
 * What a substitute loses of the original's defining attributes (empty: it keeps them all). `all`
 * dimensions: each of the original's values must be there; `same` dimensions: the same value, the
 * implicit one standing for a name that names none; a dimension the original leaves open (no value, no
 * implicit) does not constrain.
 */
export const attributeDifferences = (
  original: ProductAttributes,
  candidate: ProductAttributes,
  lexicon: AttributeLexicon = DEFAULT_ATTRIBUTE_LEXICON,
): AttributeDifference[] => {
  const differences: AttributeDifference[] = [];
  for (const spec of lexicon.dimensions) {
    const o = original[spec.dimension];
    const c = candidate[spec.dimension];
    if (spec.mode === "all") {
      for (const value of o ?? []) {
        if (c?.includes(value)) continue;
        const entry = spec.values.find((v) => v.value === value);
        differences.push({
          dimension: spec.dimension,
          from: entry?.label ?? value,
          to: entry?.absentLabel ?? `sem ${entry?.label ?? value}`,
        });
      }
      continue;
    }
    const from = sameDimensionValue(spec, o);
    if (from === undefined) continue;
    const to = sameDimensionValue(spec, c);
    if (to === from) continue;
    differences.push({
      dimension: spec.dimension,
      from: labelOf(spec, from),
      to: to === undefined ? `não ${labelOf(spec, from)}` : labelOf(spec, to),
    });
  }
  return differences;
};

/**
 * What a substitute adds that the original does not have, on the dimensions a household chooses on purpose
 * (`all`: sem lactose, biológico, proteína, fibra, cálcio…): it keeps the original's, but a plain milk is a
 * closer substitute for a plain milk than a lactose-free one.
 */
export const addedAttributes = (
  original: ProductAttributes,
  candidate: ProductAttributes,
  lexicon: AttributeLexicon = DEFAULT_ATTRIBUTE_LEXICON,
): string[] =>
  lexicon.dimensions
    .filter((spec) => spec.mode === "all")
    .flatMap((spec) =>
      (candidate[spec.dimension] ?? []).filter((value) => !original[spec.dimension]?.includes(value)),
    );

/** "sem lactose → com lactose; virgem extra → não virgem extra". */
export const describeDifferences = (differences: readonly AttributeDifference[]): string =>
  differences.map((d) => `${d.from} → ${d.to}`).join("; ");

/** The differences between two product names (the original's first). */
export const nameDifferences = (
  originalName: string,
  candidateName: string,
  lexicon: AttributeLexicon = DEFAULT_ATTRIBUTE_LEXICON,
): AttributeDifference[] =>
  attributeDifferences(
    readAttributes(originalName, lexicon),
    readAttributes(candidateName, lexicon),
    lexicon,
  );
