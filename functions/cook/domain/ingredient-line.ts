import {
  type Ingredient,
  parseIngredient,
  type UnitOfMeasure,
  type UnitType,
  unitsOfMeasure,
} from "parse-ingredient";

/**
 * Portuguese spellings added to parse-ingredient's own units (same ids, so conversions still work).
 * Multi-word units ("colher de sopa") are beyond the library's first-word unit matching and stay in the
 * description.
 */
const PORTUGUESE_UNIT_SPELLINGS: Record<string, readonly string[]> = {
  clove: ["dente", "dentes"],
  can: ["lata", "latas"],
  cup: ["chávena", "chávenas", "chavena", "chavenas"],
  pinch: ["pitada", "pitadas"],
  package: ["pacote", "pacotes"],
};

/** Units parse-ingredient lacks that recipes use as counts ("4 slices bread"). */
const EXTRA_COUNT_UNITS: Record<string, UnitOfMeasure> = {
  slice: { short: "slice", plural: "slices", alternates: ["fatia", "fatias"], type: "count" },
};

const additionalUOMs: Record<string, UnitOfMeasure> = {
  ...Object.fromEntries(
    Object.entries(PORTUGUESE_UNIT_SPELLINGS).flatMap(([id, spellings]) => {
      const unit = unitsOfMeasure[id];
      return unit ? [[id, { ...unit, alternates: [...(unit.alternates ?? []), ...spellings] }]] : [];
    }),
  ),
  ...EXTRA_COUNT_UNITS,
};

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

const parseWith = (text: string, decimalComma: boolean): Ingredient | undefined =>
  parseIngredient(text, { ...PARSE_OPTIONS, decimalSeparator: decimalComma ? "," : "." })[0];

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
    // Trailing amount: "Ripe tomato x2".
    const trailingStart = description.length;
    const trailing = line.slice(trailingStart);
    const text = trailing.trim().replace(/^[x×]\s*/i, "");
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
