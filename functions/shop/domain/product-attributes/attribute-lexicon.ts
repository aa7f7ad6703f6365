import { z } from "zod";
import { parseOrThrow } from "../../../core/validation";
import ptAttributeLexiconData from "./pt-attribute-lexicon.json";

/**
 * What defines a grocery product, as data per store (pt-attribute-lexicon.json; Portuguese first; a new
 * store or language is a new entry, not new code). Each dimension lists its values and the words a product name uses for them
 * (matched whole, case and accents aside). Two kinds of dimension:
 * - `all` (dietary, organic): every value the original has, a substitute must have too (a lactose-free
 *   milk may replace a plain one, never the other way round);
 * - `same` (source, flavour, grade, form, fat, kind): the substitute has the original's value; when the
 *   original names none, `implicit` is what it is (a milk with no source is cow's milk, a yoghurt with no
 *   flavour is natural, a milk with no kind is not condensed) and dimensions without one do not constrain.
 */

export type AttributeDimension =
  | "dietary"
  | "source"
  | "flavour"
  | "grade"
  | "organic"
  | "state"
  | "cut"
  | "fat"
  | "kind"
  | "life_stage"
  | "claim";

export interface AttributeValue {
  value: string;
  /** How a reason names it (pt-PT). */
  label: string;
  /** For `all` dimensions: how a reason names its absence ("com lactose"). */
  absentLabel?: string;
  /** Words or phrases in product names, lower case; accents are folded before matching. */
  words: readonly string[];
}

export interface DimensionSpec {
  dimension: AttributeDimension;
  mode: "all" | "same";
  /** For `same` dimensions: the value of a name that names none (label for reasons). */
  implicit?: { value: string; label: string };
  values: readonly AttributeValue[];
}

export interface AttributeLexicon {
  dimensions: readonly DimensionSpec[];
  /** Brands no tier lists but seen on the store's shelves: dropped from queries like tier brands. */
  otherBrands: readonly string[];
}

const DIMENSIONS = [
  "dietary",
  "source",
  "flavour",
  "grade",
  "organic",
  "state",
  "cut",
  "fat",
  "kind",
  "life_stage",
  "claim",
] as const satisfies readonly AttributeDimension[];

const words = z.array(z.string().min(1)).min(1);

/** pt-attribute-lexicon.json: the Portuguese dimensions and the brands no tier lists, checked at load. */
export const AttributeLexiconDataSchema = z.strictObject({
  dimensions: z
    .array(
      z.strictObject({
        dimension: z.enum(DIMENSIONS),
        mode: z.enum(["all", "same"]),
        implicit: z.strictObject({ value: z.string().min(1), label: z.string().min(1) }).optional(),
        values: z
          .array(
            z.strictObject({
              value: z.string().min(1),
              label: z.string().min(1),
              absentLabel: z.string().min(1).optional(),
              words,
            }),
          )
          .min(1),
      }),
    )
    .min(1),
  otherBrands: words,
});

const PT_LEXICON: AttributeLexicon = parseOrThrow(
  AttributeLexiconDataSchema,
  ptAttributeLexiconData,
  "pt-attribute-lexicon.json",
);
const PT_DIMENSIONS = PT_LEXICON.dimensions;
const PT_OTHER_BRANDS = PT_LEXICON.otherBrands;

export const STORE_ATTRIBUTE_LEXICONS: Readonly<Record<string, AttributeLexicon>> = {
  "auchan-pt": { dimensions: PT_DIMENSIONS, otherBrands: PT_OTHER_BRANDS },
};

/** The Portuguese lexicon: the default for any store without its own. */
export const DEFAULT_ATTRIBUTE_LEXICON: AttributeLexicon = {
  dimensions: PT_DIMENSIONS,
  otherBrands: PT_OTHER_BRANDS,
};

export const attributeLexiconFor = (storeId: string): AttributeLexicon =>
  STORE_ATTRIBUTE_LEXICONS[storeId] ?? DEFAULT_ATTRIBUTE_LEXICON;
