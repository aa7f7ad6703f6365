import {
  convertUnit,
  type Ingredient,
  parseIngredient,
  type UnitOfMeasure,
  type UnitType,
  unitsOfMeasure,
} from "parse-ingredient";
import { EXTRA_UNITS } from "./ingredient-units";
import { findSpoonPhrase, PORTUGUESE_UNIT_SPELLINGS, SPOON_ALIASES } from "./portuguese-units";

const unitFromReader = (id: string): UnitOfMeasure => {
  const unit = EXTRA_UNITS[id];
  if (unit === undefined) throw new Error(`ingredient-units.ts lacks the unit ${id}`);
  return unit;
};

/**
 * Units parse-ingredient lacks that recipes use: counts ("4 slices bread") and spoons with no size, which
 * only this parser reads ("colher" alone). Slices are defined once, in ingredient-units.ts.
 */
const EXTRA_COUNT_UNITS: Record<string, UnitOfMeasure> = {
  slice: unitFromReader("slice"),
  spoon: { short: "spoon", plural: "spoons", alternates: [], type: "count" },
};

/**
 * Portuguese spoon sizes without an English id in parse-ingredient ("colher de sobremesa", "colher de
 * café"), as the ingredient reader defines them (ingredient-units.ts), so both convert alike.
 */
const EXTRA_VOLUME_UNITS: Record<string, UnitOfMeasure> = {
  dessertspoon: unitFromReader("dessertspoon"),
  coffeespoon: unitFromReader("coffeespoon"),
};

/** Portuguese spellings join the units' own (same ids, so conversions still work). */
const additionalUOMs: Record<string, UnitOfMeasure> = Object.fromEntries(
  Object.entries({ ...unitsOfMeasure, ...EXTRA_COUNT_UNITS, ...EXTRA_VOLUME_UNITS }).flatMap(([id, unit]) => {
    const spellings = [...(PORTUGUESE_UNIT_SPELLINGS[id] ?? []), ...(SPOON_ALIASES[id] ?? [])];
    const added = id in EXTRA_COUNT_UNITS || id in EXTRA_VOLUME_UNITS;
    if (!added && spellings.length === 0) return [];
    return [[id, { ...unit, alternates: [...(unit.alternates ?? []), ...spellings] }]];
  }),
);

const PARSE_OPTIONS = {
  additionalUOMs,
  // "200 g de arroz" → "arroz"; English "of" stays the library default.
  descriptionStripPrefixes: ["of", "de", "do", "da", "dos", "das"],
  rangeSeparators: ["to", "or", "a"],
  // Exact thirds: 1/3 read as 0.333 would scale to 0.999, not 1.
  round: false as const,
};

/** "1,5 kg" writes its decimal with a comma; parse-ingredient needs to be told (else it reads 15). */
const DECIMAL_COMMA_AT_START = /^\s*\d+,\d/;

/** Where a line's quantity is written, so scaling can rewrite it in place and keep the rest verbatim. */
export interface QuantitySpan {
  start: number;
  end: number;
  text: string;
}

export interface ParsedIngredientLine {
  /** The line as given, trimmed. */
  line: string;
  /** Lower bound of a range, or the only quantity; null for "salt to taste". */
  quantity: number | null;
  /** Upper bound of a range ("2-3"), else null. */
  quantity2: number | null;
  /** parse-ingredient's unit id ("gram", "cup", "clove"), or null. */
  unitId: string | null;
  /** The unit as written ("g", "cups", "dentes"). */
  unitText: string | null;
  unitType: UnitType | null;
  /** What the line is about, without quantity and unit ("white rice", "onion, finely chopped"). */
  description: string;
  isGroupHeader: boolean;
  decimalComma: boolean;
  /** The quantity's place in `line`; null when there is no quantity or it cannot be located. */
  quantitySpan: QuantitySpan | null;
  /** Quantity and unit as written ("500 g", "2 cups"), when they lead the line; else null. */
  amountText: string | null;
}

const parseWith = (text: string, decimalComma: boolean): Ingredient | undefined => {
  const spoon = findSpoonPhrase(text);
  const input = spoon === undefined ? text : text.replace(spoon.written, spoon.alias);
  const parsed = parseIngredient(input, { ...PARSE_OPTIONS, decimalSeparator: decimalComma ? "," : "." })[0];
  if (parsed === undefined || spoon === undefined) return parsed;
  // Give back the phrase as written, wherever the parser left it (the unit, or the description).
  const unitIsSpoon = parsed.unitOfMeasure?.toLowerCase() === spoon.alias;
  return {
    ...parsed,
    unitOfMeasure: unitIsSpoon ? spoon.written : parsed.unitOfMeasure,
    description: parsed.description.replace(spoon.alias, spoon.written),
  };
};

/** A located quantity must parse back to the same numbers, else we leave the line alone. */
const confirmsQuantity = (text: string, parsed: Ingredient, decimalComma: boolean): boolean => {
  const again = parseWith(text, decimalComma);
  return (
    again !== undefined &&
    again.description === "" &&
    again.quantity === parsed.quantity &&
    again.quantity2 === parsed.quantity2
  );
};

/** "600 g de" → "600 g": the connector belongs to the phrase, not to the amount. */
const withoutConnector = (leading: string): string =>
  leading.trim().replace(/\s+(?:of|de|do|da|dos|das)$/i, "");

const locateQuantity = (
  line: string,
  parsed: Ingredient,
  decimalComma: boolean,
): { span: QuantitySpan | null; amountText: string | null } => {
  if (parsed.quantity === null) return { span: null, amountText: null };
  const lower = line.toLowerCase();
  const description = parsed.description.toLowerCase();
  const descriptionStart = description === "" ? line.length : lower.indexOf(description);
  if (descriptionStart > 0) {
    // Leading amount: "2 cups white rice", "200ml coconut milk", "2 – 3 tomatoes".
    const leading = line.slice(0, descriptionStart);
    const unit = parsed.unitOfMeasure?.toLowerCase();
    const unitStart = unit ? leading.toLowerCase().lastIndexOf(unit) : -1;
    const quantityRegion = unitStart > 0 ? leading.slice(0, unitStart) : leading;
    const text = quantityRegion.trim();
    if (text === "" || !confirmsQuantity(text, parsed, decimalComma)) return { span: null, amountText: null };
    const start = line.indexOf(text);
    return { span: { start, end: start + text.length, text }, amountText: withoutConnector(leading) };
  }
  if (descriptionStart === 0) {
    // Trailing amount: "Ripe tomato x2", "salt, 1 pinch" (the span is the number, not the comma or unit).
    const trailingStart = description.length;
    const trailing = line.slice(trailingStart);
    const unitWritten = parsed.unitOfMeasure ?? "";
    const withUnit = trailing
      .trim()
      .replace(/^[,;:]\s*/, "")
      .replace(/^[x×]\s*/i, "");
    const text =
      unitWritten !== "" && withUnit.toLowerCase().endsWith(unitWritten.toLowerCase())
        ? withUnit.slice(0, withUnit.length - unitWritten.length).trim()
        : withUnit;
    if (text === "" || !confirmsQuantity(text, parsed, decimalComma)) return { span: null, amountText: null };
    const start = trailingStart + trailing.lastIndexOf(text);
    return { span: { start, end: start + text.length, text }, amountText: null };
  }
  // The description was rewritten by the parser ("Juice of 2 lemons" → "Juice of lemons").
  return { span: null, amountText: null };
};

/** Parses one raw ingredient line with parse-ingredient and records where its quantity is written. */
export const parseIngredientLine = (rawLine: string): ParsedIngredientLine => {
  const line = rawLine.trim();
  const decimalComma = DECIMAL_COMMA_AT_START.test(line);
  const parsed = parseWith(line, decimalComma);
  if (parsed === undefined) {
    return {
      line,
      quantity: null,
      quantity2: null,
      unitId: null,
      unitText: null,
      unitType: null,
      description: "",
      isGroupHeader: false,
      decimalComma,
      quantitySpan: null,
      amountText: null,
    };
  }
  const unitId = parsed.unitOfMeasureID;
  const located = locateQuantity(line, parsed, decimalComma);
  return {
    line,
    quantity: parsed.quantity,
    quantity2: parsed.quantity2,
    unitId,
    unitText: parsed.unitOfMeasure,
    unitType: unitId ? (unitDefinition(unitId)?.type ?? null) : null,
    description: parsed.description,
    isGroupHeader: parsed.isGroupHeader,
    decimalComma,
    quantitySpan: located.span,
    amountText: located.amountText,
  };
};

/** The unit's definition (plural, short form, conversion factor), for display and conversion. */
export const unitDefinition = (unitId: string): UnitOfMeasure | undefined =>
  additionalUOMs[unitId] ?? unitsOfMeasure[unitId];

/** `amount` of one unit in another of the same type (the units added here included); null across types. */
export const convertAmount = (amount: number, fromUnitId: string, toUnitId: string): number | null =>
  convertUnit(amount, fromUnitId, toUnitId, { additionalUOMs });
