import { z } from "zod";
import { foodKeyOf, normalizeFoodName } from "./food-name";
import {
  convertAmount,
  type ParsedIngredientLine,
  parseIngredientLine,
  unitDefinition,
} from "./ingredient-line";
import { MealTypeSchema } from "./planned-meal";
import { isWrittenInPortuguese, PORTUGUESE_UNIT_NAMES } from "./portuguese-units";
import { formatQuantity } from "./quantity-format";

export const ShoppingSourceSchema = z.object({
  date: z.string(),
  meal_type: MealTypeSchema,
  /** The recipe the line came from: the variant id for a modified meal, else the base (or component) id. */
  recipe_id: z.string(),
});
export type ShoppingSource = z.infer<typeof ShoppingSourceSchema>;

export const ShoppingItemSchema = z.object({
  name: z.string(),
  /** Total in `unit`; null for lines without an amount ("salt to taste"). */
  quantity: z.number().nullable(),
  /** "g", "kg", "ml", "l", or a unit id ("cup", "clove", "can"); null for a plain count. */
  unit: z.string().nullable(),
  display: z.string(),
  sources: z.array(ShoppingSourceSchema),
});
export type ShoppingItem = z.infer<typeof ShoppingItemSchema>;

export const UnparsedLineSchema = z.object({
  line: z.string(),
  reason: z.string(),
  source: ShoppingSourceSchema,
});
export type UnparsedLine = z.infer<typeof UnparsedLineSchema>;

export const ShoppingListSchema = z.object({
  items: z.array(ShoppingItemSchema),
  unparsed: z.array(UnparsedLineSchema),
});
export type ShoppingList = z.infer<typeof ShoppingListSchema>;

/** The ingredients of one recipe cooked for one meal: a compiled variant, a base recipe or a component. */
export interface ShoppingRecipeEntry {
  source: ShoppingSource;
  ingredients_raw: readonly string[];
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
  /** Sum in the dimension's base unit (g, ml) or in the unit itself. */
  total: number;
  unitIds: Set<string>;
  /** Sum in the single unit used, when only one was (keeps "3 tbsp" rather than "44.4 ml"). */
  totalInUnit: number;
  /** Every line wrote its unit in Portuguese, so the item says "3 colheres de sopa", not "3 tbsp". */
  unitsInPortuguese: boolean;
  sources: ShoppingSource[];
}

const METRIC_BASE: Partial<Record<Dimension, { small: string; large: string; id: string; largeId: string }>> =
  {
    mass: { small: "g", large: "kg", id: "gram", largeId: "kilogram" },
    volume: { small: "ml", large: "l", id: "milliliter", largeId: "liter" },
  };

/** Units a shopper reads in short form ("3 tbsp", "1 lb"); others are spelt out ("2 cloves"). */
const SHORT_DISPLAY_UNITS = new Set(["tablespoon", "teaspoon", "pound", "ounce", "fluid ounce"]);

const METRIC_IDS = new Set(["gram", "kilogram", "milligram", "milliliter", "liter", "deciliter"]);

const dimensionOf = (parsed: ParsedIngredientLine): Dimension => {
  if (parsed.quantity === null) return "unquantified";
  if (parsed.unitId === null || parsed.unitType === "other") return "count";
  const unit = unitDefinition(parsed.unitId);
  if (unit?.conversionFactor !== undefined && (parsed.unitType === "mass" || parsed.unitType === "volume")) {
    return parsed.unitType;
  }
  return `unit:${parsed.unitId}`;
};

/** To the dimension's base unit (g or ml); other dimensions are summed as written. */
const toBase = (amount: number, unitId: string | null, dimension: Dimension): number => {
  const base = METRIC_BASE[dimension];
  if (base === undefined || unitId === null) return amount;
  return convertAmount(amount, unitId, base.id) ?? amount;
};

const round = (value: number, digits: number): number => Number(value.toFixed(digits));

const sameSource = (a: ShoppingSource, b: ShoppingSource): boolean =>
  a.date === b.date && a.meal_type === b.meal_type && a.recipe_id === b.recipe_id;

const finishItem = (acc: Accumulator): ShoppingItem => {
  if (acc.dimension === "unquantified") {
    return { name: acc.name, quantity: null, unit: null, display: acc.name, sources: acc.sources };
  }
  const [onlyUnit] = acc.unitIds;
  const base = METRIC_BASE[acc.dimension];
  if (acc.unitIds.size === 1 && onlyUnit !== undefined && !METRIC_IDS.has(onlyUnit)) {
    // One non-metric unit throughout: keep it ("3 tbsp olive oil", "4 cloves garlic").
    const quantity = round(acc.totalInUnit, 2);
    const unit = unitDefinition(onlyUnit);
    const portuguese = acc.unitsInPortuguese ? PORTUGUESE_UNIT_NAMES[onlyUnit] : undefined;
    const unitName = portuguese
      ? quantity > 1
        ? portuguese.plural
        : portuguese.singular
      : SHORT_DISPLAY_UNITS.has(onlyUnit)
        ? (unit?.short ?? onlyUnit)
        : quantity > 1
          ? (unit?.plural ?? onlyUnit)
          : onlyUnit;
    const amount = formatQuantity(quantity, { fractions: true, decimalComma: false });
    return {
      name: acc.name,
      quantity,
      unit: onlyUnit,
      display: `${acc.name}: ${amount} ${unitName}`,
      sources: acc.sources,
    };
  }
  if (base !== undefined) {
    const large = acc.total >= 1000;
    const quantity = large ? round(acc.total / 1000, 3) : round(acc.total, 1);
    const unit = large ? base.large : base.small;
    const amount = formatQuantity(quantity, { fractions: false, decimalComma: false });
    return {
      name: acc.name,
      quantity,
      unit,
      display: `${acc.name}: ${amount} ${unit}`,
      sources: acc.sources,
    };
  }
  const quantity = round(acc.total, 2);
  const amount = formatQuantity(quantity, { fractions: true, decimalComma: false });
  return { name: acc.name, quantity, unit: null, display: `${acc.name}: ${amount}`, sources: acc.sources };
};

type LineAnalysis =
  | { kind: "skip" }
  | { kind: "unparsed"; reason: string }
  | { kind: "item"; parsed: ParsedIngredientLine; name: string; dimension: Dimension; key: string };

const analyseLine = (line: string): LineAnalysis => {
  const parsed = parseIngredientLine(line);
  if (parsed.isGroupHeader) return { kind: "skip" };
  const name = normalizeFoodName(parsed.description);
  if (name === "" || !/\p{L}/u.test(name)) return { kind: "unparsed", reason: "no food name found" };
  if (/\d/.test(name)) return { kind: "unparsed", reason: "amount not understood" };
  const dimension = dimensionOf(parsed);
  return { kind: "item", parsed, name, dimension, key: `${foodKeyOf(name)}|${dimension}` };
};

/**
 * Builds the shopping list of a plan from the recipes its meals will be cooked from (compiled variants
 * included). Lines merge by food name and unit dimension, converting within a dimension (g + kg, ml + l +
 * cups) and never across; each item keeps the meals it comes from. A range ("2-3 tomatoes") counts its
 * upper bound, so the shopping covers it. Lines that name no food are listed under `unparsed`, never
 * dropped; group headers ("For the sauce:") are not ingredients and are skipped.
 */
export const buildShoppingList = (entries: readonly ShoppingRecipeEntry[]): ShoppingList => {
  const items = new Map<string, Accumulator>();
  const unparsed: UnparsedLine[] = [];

  // A plan repeats its recipes, so most lines recur: analyse each distinct line once per list.
  const analysed = new Map<string, LineAnalysis>();
  for (const { source, ingredients_raw } of entries) {
    for (const line of ingredients_raw) {
      const analysis = analysed.get(line) ?? analyseLine(line);
      analysed.set(line, analysis);
      if (analysis.kind === "skip") continue;
      if (analysis.kind === "unparsed") {
        unparsed.push({ line, reason: analysis.reason, source });
        continue;
      }
      const { parsed, name, dimension, key } = analysis;
      const acc = items.get(key) ?? {
        name,
        dimension,
        total: 0,
        unitIds: new Set<string>(),
        totalInUnit: 0,
        unitsInPortuguese: true,
        sources: [],
      };
      const amount = parsed.quantity2 ?? parsed.quantity;
      if (amount !== null) {
        acc.total += toBase(amount, parsed.unitId, dimension);
        acc.totalInUnit += amount;
        if (parsed.unitId !== null && parsed.unitType !== "other") {
          acc.unitIds.add(parsed.unitId);
          acc.unitsInPortuguese &&= parsed.unitText !== null && isWrittenInPortuguese(parsed.unitText);
        }
      }
      if (!acc.sources.some((known) => sameSource(known, source))) acc.sources.push(source);
      items.set(key, acc);
    }
  }

  return {
    items: [...items.values()]
      .map(finishItem)
      .sort((a, b) => a.name.localeCompare(b.name) || (a.unit ?? "").localeCompare(b.unit ?? "")),
    unparsed,
  };
};
