import type { RecipeLocale } from "../recipes/recipe-locale";
import { EXPONENT_AMOUNT, INVALID_AMOUNT_PROBLEMS, MAX_AMOUNT, NEGATIVE_AMOUNT } from "./amount-problems";
import { readNumberAt, respellFractions, spellOutFractions } from "./ingredient-amount";
import { foodNameOf } from "./ingredient-name";
import { CONTAINER_UNIT_IDS, unitKindOf } from "./ingredient-units";
import { amountAt, unitLedAmount } from "./leading-amount";
import { NO_AMOUNT_LEAD } from "./measure-at";
import { AMOUNT_WORDS } from "./number-words";
import {
  amountAfterFood,
  BULB_OF_GARLIC,
  TRAILING_COUNT_UNIT,
  TRAILING_UNIT_IDS,
  trailingSize,
  weightOfPieces,
} from "./trailing-amount";

export { INVALID_AMOUNT_PROBLEMS, isInvalidAmountProblem, MAX_AMOUNT } from "./amount-problems";

/**
 * Reads one ingredient line the way a shopper needs it: how much, in which unit, of which food. The
 * rules, in order:
 *
 * - Amounts: digits, decimals (point or comma), fractions, mixed numbers ("1 1/2", "1-1/2", "1½", "1 e
 *   1/2"), number words in English and Portuguese ("one", "half a", "a dozen", "duas", "meia").
 * - Ranges ("2-3", "2 to 3", "2 a 3", "2 or 3"): `quantity` is the low end and `quantity2` the high end;
 *   the shopping list buys the high end and shows the range.
 * - "2 x 400g tins", "1 (14.5 ounce) can", "one 8-ounce package", "1 lata de atum (120 g)": the count
 *   times the size, in the size's unit.
 * - Dual notation in either order, with "/" or parentheses ("150g/5¼oz", "4oz (100g)"): the metric amount,
 *   the other kept in `alternate` for display.
 * - "A plus B" is their sum in A's unit (converted in the recipe's locale); "A or B" is A, amount and
 *   name.
 * - Spoon modifiers (heaped, level, rounded, generous, scant, rasa, cheia) and sizes before a unit are
 *   read past; count units (clove, slice, sprig, bunch, tin, knob...) are units, also written after the
 *   food ("3 garlic cloves").
 *
 * Nothing is dropped: a line the rules cannot read whole comes back with what they read and `problem`.
 */
export interface IngredientReading {
  /** The line as given, trimmed. */
  line: string;
  /** The amount (a range's low end); null when the line gives none ("salt to taste", "sal q.b."). */
  quantity: number | null;
  /** A range's high end, else null. */
  quantity2: number | null;
  /** A unit id ("gram", "cup", "clove", "can"...), or null for a plain count. */
  unitId: string | null;
  /** The unit as written before the food ("heaped tbsp", "colheres de sopa"), when it was. */
  unitText: string | null;
  /** The food, in lower case as written ("canned chickpeas"); "" when the line names none. */
  name: string;
  /** The other notation of a dual metric/imperial line ("5¼oz"), for display. */
  alternate: string | null;
  /** "For the sauce:" and the like: not an ingredient. */
  isGroupHeader: boolean;
  /** Why the line could not be read whole; null when it was. */
  problem: string | null;
}

/** "about 250ml", "approx. 2 cups": the amount follows. */
const APPROXIMATELY =
  /^~\s*(?=\d)|^(?:about|approx\.?|approximately|roughly|around|aprox\.?|cerca\s+de|aproximadamente)\s+(?=[\d.½¼¾⅓⅔]|one|two|half|a\s)|^at\s+least\s+(?=\d)|^(?:a\s+)?(?:scant|heaping|heaped|generous|good|rounded|level|levelled|leveled|full|up\s+to|(?:(?:lightly|loosely|firmly|tightly)\s+)?packed)\s+(?=\d)/;

const JUICE_OF =
  /^(?:(?:freshly\s+|finely\s+)?grated\s+|(?:freshly\s+|fresh\s+)?squeezed\s+|strained\s+)?(?:zest|juice|rind|peel|leaves|kernels|seeds|yolks?|whites?)(?:\s+and\s+(?:\p{L}+\s+)?(?:zest|juice|rind|peel))?(?:\s+(?:cut|picked|scraped|stripped))?\s+(?:of|from)\s+(?=[\d.]|(?:one|two|three|four|half|a|an)\s)|^(?:sumo|raspa)(?:\s+e\s+(?:sumo|raspa))?\s+de\s+(?=\d|um\s|uma\s|meio\s|meia\s)/u;

const GROUP_HEADER = /^(?:for|para)\b[^\d]*:$|^[^\d]{2,40}:$/i;

/** The line in one written form: fractions spelt out, dashes and spaces plain, list bullets gone. */
const normalizeLine = (line: string): string =>
  spellOutFractions(line.normalize("NFC"))
    .replace(/[\u00a0\u2009\u202f]/g, " ")
    .replace(/[–—‒]/g, "-")
    .replace(/^\s*(?:[-*•·▪]\s+)/, "")
    // "Optional: 1 tsp cornstarch": the label is not the food.
    .replace(/^\s*optional\s*:\s*/i, "")
    .replace(/\s+/g, " ")
    .trim();

const unreadable = (line: string, problem: string): IngredientReading => ({
  line,
  quantity: null,
  quantity2: null,
  unitId: null,
  unitText: null,
  name: "",
  alternate: null,
  isGroupHeader: false,
  problem,
});

/**
 * A line whose amount is negative or in exponent notation: not an amount to shop, so no quantity, but
 * the unit and food are read as if the amount were one, so the line still says what it was about.
 */
const unreadableAmount = (
  line: string,
  text: string,
  start: number,
  amountEnd: number,
  problem: string,
  locale: RecipeLocale,
): IngredientReading => {
  const rest = readIngredientLine(`${text.slice(0, start)}1${text.slice(amountEnd)}`, locale);
  return { ...rest, line, quantity: null, quantity2: null, alternate: null, problem };
};

/** Reads one ingredient line in a recipe locale (which sizes cups, pints and spoons for "A plus B"). */
export const readIngredientLine = (rawLine: string, locale: RecipeLocale): IngredientReading => {
  const line = rawLine.trim();
  const text = normalizeLine(line);
  if (text === "") return unreadable(line, "empty line");
  if (GROUP_HEADER.test(text))
    return { ...unreadable(line, "group header"), isGroupHeader: true, problem: null };
  const lower = text.toLowerCase();
  const juiceOf = JUICE_OF.exec(lower);
  const approximately = APPROXIMATELY.exec(lower.slice(juiceOf?.[0].length ?? 0));
  const start = (juiceOf?.[0].length ?? 0) + (approximately?.[0].length ?? 0);
  const negative = NEGATIVE_AMOUNT.exec(lower.slice(start));
  if (negative !== null) {
    const number = readNumberAt(lower, start + negative[0].length);
    const end = number?.end ?? start + negative[0].length;
    return unreadableAmount(line, text, start, end, INVALID_AMOUNT_PROBLEMS.negative, locale);
  }
  const exponent = EXPONENT_AMOUNT.exec(lower.slice(start));
  if (exponent !== null) {
    const end = start + exponent[0].length;
    return unreadableAmount(line, text, start, end, INVALID_AMOUNT_PROBLEMS.exponent, locale);
  }
  const fewOf = NO_AMOUNT_LEAD.exec(lower.slice(start));
  const couple = /^(?:a\s+)?couple\s+(?:of\s+)?/.exec(lower.slice(start));
  const leadingAmount =
    couple !== null
      ? (unitLedAmount(lower, text, start + couple[0].length, 2) ?? {
          quantity: 2,
          quantity2: null,
          unitId: null,
          unitText: null,
          alternate: null,
          inContainer: false,
          end: start + couple[0].length,
        })
      : fewOf !== null
        ? // "a few drops of", "a few ounces of": no number, any unit.
          unitLedAmount(lower, text, start + fewOf[0].length, null, true)
        : (amountAt(lower, text, start, locale) ?? unitLedAmount(lower, text, start, 1));
  const afterFood =
    leadingAmount === null && fewOf === null ? amountAfterFood(lower, text, start, locale) : null;
  const amount = leadingAmount ?? afterFood?.amount ?? null;
  const restStart = leadingAmount?.end ?? start;
  const nameText = afterFood === null ? text.slice(restStart) : text.slice(start, afterFood.foodEnd);
  let name = foodNameOf(nameText, { inContainer: amount?.inContainer ?? false });
  let quantity = amount?.quantity ?? null;
  let quantity2 = amount?.quantity2 ?? null;
  let unitId = amount?.unitId ?? null;
  let alternate = amount?.alternate ?? null;
  const pieceWeight =
    (leadingAmount !== null && unitId === null && quantity !== null) || amount === null
      ? weightOfPieces(lower, text, restStart, locale)
      : null;
  if (pieceWeight !== null && quantity === null) {
    // "Small cabbage (about 1 pound)": the weight is the amount.
    quantity = pieceWeight.value;
    quantity2 = pieceWeight.value2;
    unitId = pieceWeight.unitId;
  } else if (pieceWeight !== null && quantity !== null) {
    // "2 chicken breasts (about 225g each)": the weight to buy; the count stays for display.
    alternate = text.slice(start, restStart).trim() || null;
    const count2 = quantity2;
    quantity2 = pieceWeight.each
      ? (count2 ?? quantity) * (pieceWeight.value2 ?? pieceWeight.value)
      : pieceWeight.value2;
    if (quantity2 === quantity * pieceWeight.value) quantity2 = null;
    quantity = pieceWeight.each ? quantity * pieceWeight.value : pieceWeight.value;
    unitId = pieceWeight.unitId;
  }
  if (amount !== null && unitId !== null && CONTAINER_UNIT_IDS.has(unitId)) {
    const size = trailingSize(lower, text, restStart, locale);
    if (size !== null && quantity !== null) {
      quantity *= size.value;
      unitId = size.unitId;
    }
  }
  if (amount !== null && unitId === null) {
    const trailing = TRAILING_COUNT_UNIT.exec(name);
    const unit = trailing === null ? undefined : TRAILING_UNIT_IDS[(trailing[2] ?? "").replace(/s$/, "")];
    const bulbOfOther = unit === "head" && !BULB_OF_GARLIC.test(trailing?.[1] ?? "");
    if (trailing !== null && unit !== undefined && !bulbOfOther) {
      name = trailing[1] ?? name;
      unitId = unit;
    }
  }
  // "8 cloves", "2 or 3 cloves": the unit word is the food when nothing else is named.
  if (
    name === "" &&
    amount?.unitText != null &&
    unitId === amount.unitId &&
    unitKindOf(unitId ?? "") === "count"
  ) {
    name = foodNameOf(amount.unitText, { inContainer: false });
    unitId = null;
  }
  const problem =
    name === ""
      ? "no food name found"
      : amount === null && /^\d/.test(lower.slice(start))
        ? "amount not understood"
        : Math.max(quantity ?? 0, quantity2 ?? 0) > MAX_AMOUNT || !Number.isFinite(quantity ?? 0)
          ? INVALID_AMOUNT_PROBLEMS.tooLarge
          : null;
  return {
    line,
    quantity,
    quantity2,
    unitId,
    unitText: unitId === (amount?.unitId ?? null) ? (amount?.unitText ?? null) : null,
    name,
    alternate:
      alternate === null ? null : /[¼½¾⅓⅔⅕⅖⅗⅘⅙⅚⅛⅜⅝⅞]/.test(line) ? respellFractions(alternate) : alternate,
    isGroupHeader: false,
    problem,
  };
};

/** Number words the reader knows, for documentation and tests. */
export const KNOWN_NUMBER_WORDS: readonly string[] = Object.keys(AMOUNT_WORDS);
