import { convertUnit, type UnitOfMeasure, unitsOfMeasure } from "parse-ingredient";
import type { RecipeLocale } from "../recipes/recipe-locale";
import { unitSystemFor } from "../recipes/recipe-locale";
import { PORTUGUESE_UNIT_SPELLINGS } from "./portuguese-units";

/**
 * The units an ingredient line can be written in, by id. parse-ingredient supplies the common ones with
 * their spellings and conversion factors (per system for cups, spoons, pints); this adds what it lacks:
 * British spellings (litre), centilitres, dessert spoons, the count units of British and Portuguese
 * recipes (tin, knob, rasher, handful, stalk...), and the Portuguese names of them all.
 */
export const EXTRA_UNITS: Readonly<Record<string, UnitOfMeasure>> = {
  centiliter: { short: "cl", plural: "centiliters", alternates: [], type: "volume", conversionFactor: 10 },
  dessertspoon: {
    short: "dsp",
    plural: "dessertspoons",
    alternates: [],
    type: "volume",
    conversionFactor: 10,
  },
  coffeespoon: {
    short: "coffeespoon",
    plural: "coffeespoons",
    alternates: [],
    type: "volume",
    conversionFactor: 2.5,
  },
  slice: { short: "slice", plural: "slices", alternates: [], type: "count" },
  stalk: { short: "stalk", plural: "stalks", alternates: [], type: "count" },
  jar: { short: "jar", plural: "jars", alternates: [], type: "count" },
  knob: { short: "knob", plural: "knobs", alternates: [], type: "count" },
  splash: { short: "splash", plural: "splashes", alternates: [], type: "count" },
  handful: { short: "handful", plural: "handfuls", alternates: [], type: "count" },
  rasher: { short: "rasher", plural: "rashers", alternates: [], type: "count" },
  sheet: { short: "sheet", plural: "sheets", alternates: [], type: "count" },
  envelope: { short: "envelope", plural: "envelopes", alternates: [], type: "count" },
  glass: { short: "glass", plural: "glasses", alternates: [], type: "count" },
  drizzle: { short: "drizzle", plural: "drizzles", alternates: [], type: "count" },
  bottle: { short: "bottle", plural: "bottles", alternates: [], type: "count" },
  pot: { short: "pot", plural: "pots", alternates: [], type: "count" },
  tub: { short: "tub", plural: "tubs", alternates: [], type: "count" },
  punnet: { short: "punnet", plural: "punnets", alternates: [], type: "count" },
  loaf: { short: "loaf", plural: "loaves", alternates: [], type: "count" },
  // How celery, asparagus, gelatine and pods are counted: "3 ribs celery", "8 spears asparagus".
  rib: { short: "rib", plural: "ribs", alternates: [], type: "count" },
  spear: { short: "spear", plural: "spears", alternates: [], type: "count" },
  leaf: { short: "leaf", plural: "leaves", alternates: [], type: "count" },
  pod: { short: "pod", plural: "pods", alternates: [], type: "count" },
  wedge: { short: "wedge", plural: "wedges", alternates: [], type: "count" },
  stem: { short: "stem", plural: "stems", alternates: [], type: "count" },
  branch: { short: "branch", plural: "branches", alternates: [], type: "count" },
  strip: { short: "strip", plural: "strips", alternates: [], type: "count" },
  ball: { short: "ball", plural: "balls", alternates: [], type: "count" },
  rack: { short: "rack", plural: "racks", alternates: [], type: "count" },
  scoop: { short: "scoop", plural: "scoops", alternates: [], type: "count" },
  part: { short: "part", plural: "parts", alternates: [], type: "count" },
  glug: { short: "glug", plural: "glugs", alternates: [], type: "count" },
  shake: { short: "shake", plural: "shakes", alternates: [], type: "count" },
  // A recipe made from another: "1 recipe pie dough", "2 batches stuffing".
  recipe: { short: "recipe", plural: "recipes", alternates: [], type: "count" },
  batch: { short: "batch", plural: "batches", alternates: [], type: "count" },
};

/**
 * Spellings beyond each unit's own short, plural and alternates: British, abbreviated, Portuguese (the
 * single-word Portuguese ones come from portuguese-units.ts, which the old line parser reads too).
 */
const MORE_SPELLINGS: Readonly<Record<string, readonly string[]>> = {
  gram: ["gr", "grs", "gramme", "grammes", "grama", "gramas"],
  kilogram: ["kgs", "kilo", "kilos", "quilo", "quilos", "quilograma", "quilogramas"],
  milliliter: ["millilitre", "millilitres", "mls", "mililitro", "mililitros"],
  liter: ["litre", "litres", "litro", "litros", "ltr", "lt"],
  deciliter: ["decilitre", "decilitres", "decilitro", "decilitros"],
  centiliter: ["centilitre", "centilitres", "centilitro", "centilitros"],
  teaspoon: ["tsps", "tspn", "teasp"],
  tablespoon: ["tbs", "tbs.", "tbsps", "tblsp", "tblsp.", "tbl", "tbl.", "tb"],
  dessertspoon: ["dessert spoon", "dessert spoons", "dstspn"],
  cup: ["cups"],
  "fluid ounce": ["fl. oz", "fl. oz.", "fl oz."],
  ounce: ["ozs"],
  pint: ["pts"],
  can: ["tin", "tins"],
  package: [
    "packet",
    "packets",
    "pack",
    "packs",
    "embalagem",
    "embalagens",
    "saqueta",
    "saquetas",
    "sachet",
    "sachets",
  ],
  jar: ["frasco", "frascos"],
  bunch: ["molho", "molhos", "ramo", "ramos"],
  sprig: ["raminho", "raminhos"],
  handful: ["punhado", "punhados"],
  head: ["cabeça", "cabeças", "bulb", "bulbs"],
  knob: ["noz"],
  stalk: ["talo", "talos"],
  glass: ["copo", "copos"],
  bottle: ["garrafa", "garrafas"],
  drizzle: ["fio", "fios"],
  piece: ["pedaço", "pedaços"],
};

/** parse-ingredient's units a shopping list would misread as units ("large", "small", lengths). */
const NOT_UNITS = new Set([
  "large",
  "medium",
  "small",
  "centimeter",
  "foot",
  "inch",
  "meter",
  "millimeter",
  "yard",
  "dozen",
]);

export const INGREDIENT_UNITS: Readonly<Record<string, UnitOfMeasure>> = {
  ...Object.fromEntries(Object.entries(unitsOfMeasure).filter(([id]) => !NOT_UNITS.has(id))),
  ...EXTRA_UNITS,
};

/** Units a number may be glued to ("150g"); "2t" or "3c" glued are too ambiguous to read. */
const CASE_SENSITIVE = new Set(["T", "t", "C", "c"]);

export interface UnitSpelling {
  spelling: string;
  unitId: string;
}

/** Every spelling, longest first, so "fl oz" wins over "fl" and "colheres de sopa" over "colher". */
export const UNIT_SPELLINGS: readonly UnitSpelling[] = Object.entries(INGREDIENT_UNITS)
  .flatMap(([unitId, unit]) =>
    [
      unitId,
      unit.short,
      unit.plural,
      ...(unit.alternates ?? []),
      ...(MORE_SPELLINGS[unitId] ?? []),
      ...(PORTUGUESE_UNIT_SPELLINGS[unitId] ?? []),
    ].map((spelling) => ({
      spelling: CASE_SENSITIVE.has(spelling) ? spelling : spelling.toLowerCase(),
      unitId,
    })),
  )
  .filter((entry, index, all) => all.findIndex((other) => other.spelling === entry.spelling) === index)
  .sort((a, b) => b.spelling.length - a.spelling.length);

/** Whether a spelling is matched case-sensitively ("T" is a tablespoon, "t" a teaspoon). */
export const isCaseSensitiveSpelling = (spelling: string): boolean => CASE_SENSITIVE.has(spelling);

export type UnitKind = "mass" | "volume" | "count";

export const unitKindOf = (unitId: string): UnitKind => {
  const type = INGREDIENT_UNITS[unitId]?.type;
  const convertible = INGREDIENT_UNITS[unitId]?.conversionFactor !== undefined;
  return type === "mass" ? "mass" : type === "volume" && convertible ? "volume" : "count";
};

/**
 * Metric units: the amount a dual metric/imperial line is read by, and the units whose scaled quantities
 * are written with decimals ("0.5 kg", "49,5 cl"; elsewhere a half is "1/2 cup"). The one list: its twin
 * in quantity-format.ts had "centimeter" for "centiliter", a length no line is read in (NOT_UNITS).
 */
export const METRIC_UNIT_IDS = new Set([
  "gram",
  "kilogram",
  "milligram",
  "milliliter",
  "liter",
  "deciliter",
  "centiliter",
]);

/** Units that hold a product as sold: "1 (14.5 ounce) can", "2 x 400g tins", "1 embalagem (200 ml)". */
export const CONTAINER_UNIT_IDS = new Set([
  "can",
  "jar",
  "package",
  "box",
  "bag",
  "carton",
  "container",
  "envelope",
  "pack",
  "bottle",
  "pot",
  "tub",
]);

/** Converts between two units of one kind, in the locale's sizes; null across kinds or without a factor. */
export const convertInLocale = (
  amount: number,
  fromUnitId: string,
  toUnitId: string,
  locale: RecipeLocale,
): number | null => {
  if (fromUnitId === toUnitId) return amount;
  const result = convertUnit(amount, fromUnitId, toUnitId, {
    additionalUOMs: EXTRA_UNITS,
    fromSystem: unitSystemFor(locale, fromUnitId),
    toSystem: unitSystemFor(locale, toUnitId),
  });
  return typeof result === "number" && Number.isFinite(result) ? result : null;
};
