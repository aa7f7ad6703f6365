/**
 * What defines a grocery product, as data per store (Portuguese first; a new store or language is a new
 * entry, not new code). Each dimension lists its values and the words a product name uses for them
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

const PT_DIMENSIONS: readonly DimensionSpec[] = [
  {
    dimension: "dietary",
    mode: "all",
    values: [
      {
        value: "lactose_free",
        label: "sem lactose",
        absentLabel: "com lactose",
        words: [
          "sem lactose",
          "0% lactose",
          "s/ lactose",
          "s/lactose",
          "zero lactose",
          "lactose free",
          "lactose-free",
        ],
      },
      {
        value: "gluten_free",
        label: "sem glúten",
        absentLabel: "com glúten",
        words: ["sem gluten", "s/ gluten", "s/gluten", "gluten free"],
      },
      { value: "vegan", label: "vegan", absentLabel: "não vegan", words: ["vegan", "vegano", "vegana"] },
      {
        value: "sugar_free",
        label: "sem açúcar",
        absentLabel: "com açúcar",
        words: ["sem acucar", "0% acucar", "s/ acucar", "s/acucar", "zero acucar"],
      },
    ],
  },
  {
    dimension: "organic",
    mode: "all",
    values: [
      {
        value: "organic",
        label: "biológico",
        absentLabel: "não biológico",
        words: ["bio", "biologico", "biologica", "biologicos", "organic"],
      },
    ],
  },
  {
    dimension: "source",
    mode: "same",
    implicit: { value: "cow", label: "de vaca" },
    values: [
      { value: "cow", label: "de vaca", words: ["vaca"] },
      { value: "goat", label: "de cabra", words: ["cabra"] },
      { value: "sheep", label: "de ovelha", words: ["ovelha"] },
      { value: "buffalo", label: "de búfala", words: ["bufala"] },
      {
        value: "plant",
        label: "bebida vegetal",
        words: [
          "bebida vegetal",
          "bebida de soja",
          "bebida soja",
          "bebida de aveia",
          "bebida aveia",
          "bebida de amendoa",
          "bebida amendoa",
          "bebida de arroz",
          "bebida arroz",
          "bebida de coco",
          "bebida coco",
          "bebida de avela",
          "vegetal",
          "vegetais",
          "soja",
        ],
      },
    ],
  },
  {
    dimension: "flavour",
    mode: "same",
    implicit: { value: "natural", label: "natural" },
    values: [
      { value: "natural", label: "natural", words: ["natural", "simples"] },
      {
        value: "chocolate",
        label: "chocolate",
        words: ["chocolate", "achocolatado", "achocolatada", "cacau"],
      },
      { value: "strawberry", label: "morango", words: ["morango", "morangos"] },
      { value: "vanilla", label: "baunilha", words: ["baunilha"] },
      { value: "banana", label: "banana", words: ["banana"] },
      { value: "red_fruits", label: "frutos vermelhos", words: ["frutos vermelhos", "frutos silvestres"] },
      { value: "caramel", label: "caramelo", words: ["caramelo"] },
      { value: "peach", label: "pêssego", words: ["pessego"] },
      { value: "coffee", label: "café", words: ["cafe"] },
      { value: "flavoured", label: "aromatizado", words: ["aromatizado", "aromatizada", "sabores"] },
    ],
  },
  {
    dimension: "grade",
    mode: "same",
    values: [
      { value: "extra_virgin", label: "virgem extra", words: ["virgem extra", "extra virgem"] },
      { value: "virgin", label: "virgem", words: ["virgem"] },
      { value: "refined", label: "refinado", words: ["refinado", "refinada"] },
    ],
  },
  {
    dimension: "state",
    mode: "same",
    values: [
      {
        value: "frozen",
        label: "congelado",
        words: ["congelado", "congelada", "congelados", "congeladas", "ultracongelado", "ultracongelada"],
      },
      { value: "fresh", label: "fresco", words: ["fresco", "fresca", "frescos", "frescas", "refrigerado"] },
    ],
  },
  {
    dimension: "cut",
    mode: "same",
    values: [
      { value: "whole", label: "inteiro", words: ["inteiro", "inteira", "inteiros", "inteiras"] },
      { value: "sliced", label: "fatiado", words: ["fatiado", "fatiada", "fatias", "fatiados"] },
      { value: "grated", label: "ralado", words: ["ralado", "ralada"] },
    ],
  },
  {
    dimension: "fat",
    mode: "same",
    values: [
      {
        value: "semi_skimmed",
        label: "meio gordo",
        words: ["meio gordo", "meio-gordo", "meio gorda", "m/gordo"],
      },
      { value: "skimmed", label: "magro", words: ["magro", "magra", "0% gordura"] },
      { value: "whole_fat", label: "gordo", words: ["gordo", "gorda"] },
    ],
  },
  {
    dimension: "kind",
    mode: "same",
    implicit: { value: "plain", label: "simples" },
    values: [
      { value: "greek", label: "grego", words: ["grego", "grega"] },
      { value: "condensed", label: "condensado", words: ["condensado", "condensada"] },
      { value: "evaporated", label: "evaporado", words: ["evaporado"] },
      { value: "coconut", label: "de coco", words: ["de coco", "coco"] },
      { value: "kefir", label: "kefir", words: ["kefir"] },
    ],
  },
  {
    // Who it is made for: a toddler's milk drink is not an adult's milk, nor the other way round.
    dimension: "life_stage",
    mode: "same",
    implicit: { value: "adult", label: "adulto" },
    values: [
      {
        value: "infant",
        label: "bebé (0-12 meses)",
        words: ["lactente", "lactentes", "1a idade", "0-6 meses", "0 a 6 meses", "6-12 meses", "bebe"],
      },
      {
        value: "toddler",
        label: "1 a 3 anos",
        words: ["1 a 3 anos", "1-3 anos", "+1 ano", "crescimento", "2a idade", "3a idade"],
      },
      {
        value: "junior",
        label: "júnior (+3 anos)",
        words: ["+3 anos", "3+ anos", "junior", "kids", "criancas"],
      },
    ],
  },
  {
    // Claims a household chooses on purpose: a protein yoghurt stays a protein yoghurt.
    dimension: "claim",
    mode: "all",
    values: [
      {
        value: "protein",
        label: "proteína",
        absentLabel: "sem proteína adicionada",
        words: [
          "proteina",
          "+proteina",
          "mais proteina",
          "proteico",
          "proteica",
          "proteicos",
          "proteicas",
          "high protein",
          "hiperproteico",
          "protein",
        ],
      },
      {
        value: "fibre",
        label: "fibra",
        absentLabel: "sem fibra adicionada",
        words: ["com fibra", "fibra", "fibras", "rico em fibra"],
      },
      {
        value: "calcium",
        label: "cálcio",
        absentLabel: "sem cálcio adicionado",
        words: ["calcio", "com calcio", "+calcio"],
      },
    ],
  },
];

/** Brands seen on Auchan.pt shelves that no tier lists (the January 2026 search pages for leite, azeite). */
const PT_OTHER_BRANDS = [
  "prado verde",
  "president",
  "président",
  "covap",
  "tai",
  "matinal",
  "parmalat",
  "ucal",
  "vigor",
  "gresso",
  "serra da estrela",
  "oliveira da serra",
  "andorinha",
  "esporão",
  "saloio",
  "danone",
  "alpro",
  "oatly",
  "nestlé",
  "continente",
  "terra nostra",
  "milhafre",
  "bom dia",
  "pingo doce",
  "tenda",
  "la española",
  "carbonell",
  "herdade",
] as const;

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
