import { foodMergeKeyOf } from "../ingredient-lines/food-lexicon";
import { foodKeyOf, singularize } from "../ingredient-lines/food-name";
import { shoppingNameOf } from "../ingredient-lines/ingredient-name";
import {
  convertInLocale,
  INGREDIENT_UNITS,
  METRIC_UNIT_IDS,
  unitKindOf,
} from "../ingredient-lines/ingredient-units";
import { isWrittenInPortuguese, PORTUGUESE_UNIT_NAMES } from "../ingredient-lines/portuguese-units";
import { formatQuantity } from "../ingredient-lines/quantity-format";
import {
  type IngredientReading,
  isInvalidAmountProblem,
  readIngredientLine,
} from "../ingredient-lines/read-ingredient-line";
import { splitSeasoningPair } from "../ingredient-lines/seasoning-pair";
import { type RecipeLocale, resolveRecipeLocale } from "../recipes/recipe-locale";
import type {
  RecipeLocaleUsed,
  ShoppingItem,
  ShoppingList,
  ShoppingSource,
  UnparsedLine,
} from "./shopping-list-schema";

export * from "./shopping-list-schema";

/** The ingredients of one recipe cooked for one meal: a compiled variant, a base recipe or a component. */
export interface ShoppingRecipeEntry {
  source: ShoppingSource;
  ingredients_raw: readonly string[];
  /** The recipe's locale when it states one; else it is inferred from `ingredients_raw`. */
  locale?: RecipeLocale;
}

/**
 * A unit dimension. Amounts merge within one dimension only, never across (a cup of rice and 200 g of
 * rice stay two lines): mass in grams, volume in millilitres, plain counts, and units with no conversion
 * ("clove", "can", "pinch") each on their own.
 */
type Dimension = "mass" | "volume" | "count" | "unquantified" | `unit:${string}`;

interface Accumulator {
  name: string;
  dimension: Dimension;
  /** Sum of the high ends in the dimension's base unit (g, ml) or in the unit itself. */
  total: number;
  /** Sum of the low ends, the same way. */
  totalMin: number;
  hasRange: boolean;
  unitIds: Set<string>;
  /** Sums in the single unit used, when only one was (keeps "3 tbsp" rather than "44.4 ml"). */
  totalInUnit: number;
  totalMinInUnit: number;
  /** Every line wrote its unit in Portuguese, so the item says "3 colheres de sopa", not "3 tbsp". */
  unitsInPortuguese: boolean;
  readByLlm: boolean;
  /** The other notation of the lines' dual amounts ("5¼oz"), shown when one line makes the item. */
  alternates: (string | null)[];
  /** Per unit, the millilitres one of it held in each line's locale (a UK pint 568, a US one 473). */
  unitSizes: Map<string, Set<number>>;
  /** The locales of the lines written in a unit whose size depends on the locale. */
  sizedLocales: Set<RecipeLocale>;
  sources: ShoppingSource[];
  /** The names the item's lines gave, by food key: more than one when the lexicon merged languages. */
  names: Map<string, string>;
  /**
   * The one unit word every line wrote, singular, when every line is from a Portuguese recipe ("molho"):
   * the item keeps it rather than the unit's English name. Null once lines disagree.
   */
  ownUnitWord: string | null | undefined;
}

/** A Portuguese unit word in the singular: "molhos" → "molho", "embalagens" → "embalagem". */
const portugueseSingular = (word: string): string =>
  word.endsWith("ns") ? `${word.slice(0, -2)}m` : singularize(word);

/** And back: "molho" → "molhos", "embalagem" → "embalagens", "colher" → "colheres". */
const portuguesePlural = (word: string): string =>
  word.endsWith("m") ? `${word.slice(0, -1)}ns` : /[aeiouáéíóúâêôãõ]$/u.test(word) ? `${word}s` : `${word}es`;

const ALL_LOCALES: readonly RecipeLocale[] = ["en-GB", "en-US", "pt-PT"];

/**
 * Sizes closer than this count as the same unit: a US tablespoon (14.8 ml) and a metric one (15 ml) are
 * one spoon in a kitchen, while cups (237 / 250 ml), pints (473 / 568 ml) and fl oz (29.6 / 28.4 ml) are not.
 */
const SAME_SIZE_TOLERANCE = 0.02;

/** Millilitres in one of the unit in the locale, when the unit is a volume whose size depends on the locale. */
const localeSizeOf = (unitId: string, locale: RecipeLocale): number | null => {
  if (unitKindOf(unitId) !== "volume" || METRIC_UNIT_IDS.has(unitId)) return null;
  const sizes = ALL_LOCALES.map((each) => convertInLocale(1, unitId, "milliliter", each));
  if (sizes.some((size) => size === null) || new Set(sizes).size === 1) return null;
  return convertInLocale(1, unitId, "milliliter", locale);
};

/** Whether some unit of the item was written in locales that size it differently. */
const hasMixedUnitSizes = (acc: Accumulator): boolean =>
  [...acc.unitSizes.values()].some((sizes) => {
    const all = [...sizes];
    return all.length > 1 && Math.max(...all) / Math.min(...all) - 1 > SAME_SIZE_TOLERANCE;
  });

const METRIC_BASE: Partial<Record<Dimension, { small: string; large: string; id: string }>> = {
  mass: { small: "g", large: "kg", id: "gram" },
  volume: { small: "ml", large: "l", id: "milliliter" },
};

/** Units a shopper reads in short form ("3 tbsp", "1 lb"); others are spelt out ("2 cloves"). */
const SHORT_DISPLAY_UNITS = new Set(["tablespoon", "teaspoon", "pound", "ounce", "fluid ounce"]);

const dimensionOf = (reading: IngredientReading): Dimension => {
  if (reading.quantity === null) return "unquantified";
  if (reading.unitId === null) return "count";
  const kind = unitKindOf(reading.unitId);
  return kind === "count" ? `unit:${reading.unitId}` : kind;
};

/** To the dimension's base unit (g or ml), in the recipe's locale; other dimensions are summed as written. */
const toBase = (
  amount: number,
  unitId: string | null,
  dimension: Dimension,
  locale: RecipeLocale,
): number => {
  const base = METRIC_BASE[dimension];
  if (base === undefined || unitId === null) return amount;
  return convertInLocale(amount, unitId, base.id, locale) ?? amount;
};

const round = (value: number, digits: number): number => Number(value.toFixed(digits));

const sameSource = (a: ShoppingSource, b: ShoppingSource): boolean =>
  a.date === b.date && a.meal_type === b.meal_type && a.recipe_id === b.recipe_id;

/** "2-3" when the item came from ranges, else the amount alone. */
const amountText = (min: number | undefined, max: number, fractions: boolean): string => {
  const style = { fractions, decimalComma: false };
  return min !== undefined && min !== max
    ? `${formatQuantity(min, style)}-${formatQuantity(max, style)}`
    : formatQuantity(max, style);
};

const finishItem = (acc: Accumulator): ShoppingItem => {
  const item = finishAmount(acc);
  if (acc.names.size < 2) return item;
  // One food written in both languages: say which names the item merged.
  const names = [...acc.names.values()];
  return { ...item, display: `${item.display} (${names.join(" + ")})`, merged_names: names };
};

const finishAmount = (acc: Accumulator): ShoppingItem => {
  if (acc.dimension === "unquantified") {
    return {
      name: acc.name,
      quantity: null,
      unit: null,
      display: acc.name,
      sources: acc.sources,
      ...(acc.readByLlm ? { read_by_llm: true as const } : {}),
    };
  }
  const [onlyUnit] = acc.unitIds;
  const base = METRIC_BASE[acc.dimension];
  // A UK and a US pint are not two pints: each was converted to ml by its own recipe's locale, and the
  // item is that sum in ml, saying which locales it came from.
  const mixedSizes = hasMixedUnitSizes(acc);
  const mixed = mixedSizes
    ? {
        mixed_locales: [...acc.sizedLocales].sort(),
        note: ` (${[...acc.sizedLocales].sort().join(" + ")} ${[...acc.unitIds]
          .filter((unitId) => !METRIC_UNIT_IDS.has(unitId))
          .map((unitId) => INGREDIENT_UNITS[unitId]?.plural ?? unitId)
          .join(", ")} summed in ml by each recipe's locale)`,
      }
    : undefined;
  const [onlyAlternate] = acc.alternates.length === 1 ? acc.alternates : [null];
  const alternate = onlyAlternate ? ` (${onlyAlternate})` : "";
  const range = (min: number) => ({
    ...(acc.hasRange ? { quantity_min: min } : {}),
    ...(acc.readByLlm ? { read_by_llm: true as const } : {}),
  });
  if (
    acc.unitIds.size === 1 &&
    onlyUnit !== undefined &&
    !METRIC_UNIT_IDS.has(onlyUnit) &&
    mixed === undefined
  ) {
    // One non-metric unit throughout: keep it ("3 tbsp olive oil", "4 cloves garlic").
    const quantity = round(acc.totalInUnit, 2);
    const min = round(acc.totalMinInUnit, 2);
    const unit = INGREDIENT_UNITS[onlyUnit];
    const portuguese = acc.unitsInPortuguese ? PORTUGUESE_UNIT_NAMES[onlyUnit] : undefined;
    // A unit word the recipe wrote in Portuguese that the table above does not name ("molho"), kept.
    const englishWords = [onlyUnit, unit?.short, unit?.plural, ...(unit?.alternates ?? [])];
    const own = acc.ownUnitWord && !englishWords.includes(acc.ownUnitWord) ? acc.ownUnitWord : undefined;
    const unitName = portuguese
      ? quantity > 1
        ? portuguese.plural
        : portuguese.singular
      : own
        ? quantity > 1
          ? portuguesePlural(own)
          : own
        : SHORT_DISPLAY_UNITS.has(onlyUnit)
          ? (unit?.short ?? onlyUnit)
          : quantity > 1
            ? (unit?.plural ?? onlyUnit)
            : onlyUnit;
    return {
      name: acc.name,
      quantity,
      unit: onlyUnit,
      display: `${acc.name}: ${amountText(acc.hasRange ? min : undefined, quantity, true)} ${unitName}${alternate}`,
      sources: acc.sources,
      ...range(min),
    };
  }
  if (base !== undefined) {
    const large = acc.total >= 1000;
    const scale = (value: number) => (large ? round(value / 1000, 3) : round(value, 1));
    const quantity = scale(acc.total);
    const min = scale(acc.totalMin);
    const unit = large ? base.large : base.small;
    return {
      name: acc.name,
      quantity,
      unit,
      display: `${acc.name}: ${amountText(acc.hasRange ? min : undefined, quantity, false)} ${unit}${alternate}${mixed?.note ?? ""}`,
      sources: acc.sources,
      ...range(min),
      ...(mixed ? { mixed_locales: mixed.mixed_locales } : {}),
    };
  }
  const quantity = round(acc.total, 2);
  const min = round(acc.totalMin, 2);
  return {
    name: acc.name,
    quantity,
    unit: null,
    display: `${acc.name}: ${amountText(acc.hasRange ? min : undefined, quantity, true)}`,
    sources: acc.sources,
    ...range(min),
  };
};

type LineAnalysis =
  | { kind: "skip" }
  | { kind: "unparsed"; reason: string; reading: IngredientReading }
  | {
      kind: "item";
      reading: IngredientReading;
      /** The items the line adds to: one, or two for "salt and pepper" with no amount. */
      parts: { name: string; key: string }[];
      dimension: Dimension;
      byLlm: boolean;
    };

const analyseLine = (
  line: string,
  locale: RecipeLocale,
  llmReadings: ReadonlyMap<string, IngredientReading>,
): LineAnalysis => {
  const byRules = readIngredientLine(line, locale);
  const byLlm =
    byRules.problem !== null && !isInvalidAmountProblem(byRules.problem) ? llmReadings.get(line) : undefined;
  const reading = byLlm ?? byRules;
  if (reading.isGroupHeader) return { kind: "skip" };
  if (reading.problem !== null || !/\p{L}/u.test(reading.name)) {
    return { kind: "unparsed", reason: reading.problem ?? "no food name found", reading };
  }
  const dimension = dimensionOf(reading);
  // "Salt and pepper" without an amount is two things to buy; with one ("1 tsp salt and pepper") the
  // amount cannot be shared out, so the line stays one item.
  const pair = reading.quantity === null ? splitSeasoningPair(reading.name) : null;
  const names = (pair ?? [reading.name]).map(shoppingNameOf);
  return {
    kind: "item",
    reading,
    // One food in either language merges: "alho" (pt-PT) and "garlic" (en-GB) are one item.
    parts: names.map((name) => ({ name, key: `${foodMergeKeyOf(name, locale)}|${dimension}` })),
    dimension,
    byLlm: byLlm !== undefined,
  };
};

const readOf = (reading: IngredientReading): UnparsedLine["read"] =>
  reading.quantity === null && reading.name === ""
    ? undefined
    : { quantity: reading.quantity, quantity2: reading.quantity2, unit: reading.unitId, name: reading.name };

/**
 * Builds the shopping list of a plan from the recipes its meals will be cooked from (compiled variants
 * included). Each recipe's lines are read in its locale (given, or inferred from its lines; the list says
 * which), which sizes its cups, pints and spoons. Lines merge by food name and unit dimension, converting
 * within a dimension (g + kg, ml + l + cups) and never across; each item keeps the meals it comes from. A
 * range ("2-3 tomatoes") counts its high end in `quantity` and its low end in `quantity_min`, so the
 * shopping covers it and the item still shows "2-3". Lines the reader cannot read whole are listed under
 * `unparsed` with what it read and why, never dropped; group headers ("For the sauce:") are skipped.
 */
export const buildShoppingList = (
  entries: readonly ShoppingRecipeEntry[],
  /** Readings of lines the rules could not read, by line, from the LLM (checked by acceptLlmReadings). */
  llmReadings: ReadonlyMap<string, IngredientReading> = new Map(),
): ShoppingList => {
  const items = new Map<string, Accumulator>();
  const unparsed: UnparsedLine[] = [];
  const locales = new Map<string, RecipeLocaleUsed>();

  // A plan repeats its recipes, so most lines recur: analyse each distinct line once per list and locale.
  const analysed = new Map<string, LineAnalysis>();
  for (const { source, ingredients_raw, locale: given } of entries) {
    // One recipe id is one recipe within a list: resolve its locale once.
    const known = locales.get(source.recipe_id);
    const resolved = known ?? { recipe_id: source.recipe_id, ...resolveRecipeLocale(given, ingredients_raw) };
    const { locale } = resolved;
    if (known === undefined) locales.set(source.recipe_id, resolved);
    for (const line of ingredients_raw) {
      const memoKey = `${locale}\u0000${line}`;
      const analysis = analysed.get(memoKey) ?? analyseLine(line, locale, llmReadings);
      analysed.set(memoKey, analysis);
      if (analysis.kind === "skip") continue;
      if (analysis.kind === "unparsed") {
        const read = readOf(analysis.reading);
        unparsed.push({ line, reason: analysis.reason, source, ...(read ? { read } : {}) });
        continue;
      }
      const { reading, dimension } = analysis;
      for (const { name, key } of analysis.parts) {
        const acc = items.get(key) ?? {
          name,
          dimension,
          total: 0,
          totalMin: 0,
          hasRange: false,
          unitIds: new Set<string>(),
          totalInUnit: 0,
          totalMinInUnit: 0,
          unitsInPortuguese: true,
          readByLlm: false,
          alternates: [],
          unitSizes: new Map<string, Set<number>>(),
          sizedLocales: new Set<RecipeLocale>(),
          sources: [],
          names: new Map<string, string>(),
          ownUnitWord: undefined,
        };
        const nameKey = foodKeyOf(name);
        if (!acc.names.has(nameKey)) acc.names.set(nameKey, name);
        const high = reading.quantity2 ?? reading.quantity;
        const low = reading.quantity;
        if (high !== null && low !== null) {
          acc.total += toBase(high, reading.unitId, dimension, locale);
          acc.totalMin += toBase(low, reading.unitId, dimension, locale);
          acc.totalInUnit += high;
          acc.totalMinInUnit += low;
          acc.hasRange ||= reading.quantity2 !== null;
          acc.alternates.push(reading.alternate);
          if (reading.unitId !== null) {
            acc.unitIds.add(reading.unitId);
            const size = localeSizeOf(reading.unitId, locale);
            if (size !== null) {
              const sizes = acc.unitSizes.get(reading.unitId) ?? new Set<number>();
              acc.unitSizes.set(reading.unitId, sizes.add(size));
              acc.sizedLocales.add(locale);
            }
            acc.unitsInPortuguese &&= reading.unitText !== null && isWrittenInPortuguese(reading.unitText);
            const written = reading.unitText?.toLowerCase().trim() ?? "";
            const word = locale === "pt-PT" && /^\p{L}+$/u.test(written) ? portugueseSingular(written) : null;
            acc.ownUnitWord = acc.ownUnitWord === undefined || acc.ownUnitWord === word ? word : null;
          }
        }
        acc.readByLlm ||= analysis.byLlm;
        if (!acc.sources.some((known) => sameSource(known, source))) acc.sources.push(source);
        items.set(key, acc);
      }
    }
  }

  return {
    items: [...items.values()]
      .map(finishItem)
      .sort((a, b) => a.name.localeCompare(b.name) || (a.unit ?? "").localeCompare(b.unit ?? "")),
    unparsed,
    recipe_locales: [...locales.values()],
  };
};
