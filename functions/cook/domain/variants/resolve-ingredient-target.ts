import { escapeRegExp } from "../../../core/text/escape-reg-exp";
import { foldText } from "../../../core/text/fold-text";
import { foodKeyOf, normalizeFoodName } from "../ingredient-lines/food-name";
import { readIngredientLine } from "../ingredient-lines/read-ingredient-line";
import { targetNameMatches } from "./validate-patch-ops";

export type IngredientTarget =
  | { kind: "found"; index: number; target_name: string }
  | { kind: "not_found" }
  | { kind: "ambiguous"; candidates: { index: number; line: string }[] };

const keyOf = (text: string): string => foodKeyOf(foldText(text));

/** `needle` occurs in `haystack` starting at a word boundary ("rice" in "white rice", not in "licorice"). */
const containsWord = (haystack: string, needle: string): boolean =>
  needle !== "" && new RegExp(`(?:^|[^\\p{L}])${escapeRegExp(needle)}`, "u").test(haystack);

/**
 * Resolves a name the user said ("the chicken", "tomatoes") to ONE ingredient of the base recipe, by a
 * case- and accent-insensitive match on the ingredient lines. When several lines match, a line whose food
 * is exactly the name wins ("rice" picks "2 cups rice" over "1 tbsp rice vinegar"); otherwise it is
 * ambiguous and the caller asks which one (seed 001: no guessing at target_index).
 */
export const resolveIngredientTarget = (ingredients: readonly string[], name: string): IngredientTarget => {
  const wanted = [keyOf(name), keyOf(normalizeFoodName(name))].filter(
    (key, i, all) => key !== "" && all.indexOf(key) === i,
  );
  const candidates = ingredients.flatMap((line, index) =>
    wanted.some((key) => containsWord(keyOf(line), key)) ? [{ index, line }] : [],
  );
  const chosen = candidates.length === 1 ? candidates[0] : preferredCandidate(candidates, name);
  if (chosen === undefined) {
    return candidates.length === 0 ? { kind: "not_found" } : { kind: "ambiguous", candidates };
  }
  return { kind: "found", index: chosen.index, target_name: targetNameFor(chosen.line, name) };
};

/**
 * The food a line names, as the shopping list reads it: "150g/5¼oz basmati rice, rinsed" is basmati rice,
 * "1 cup hot, scalded milk" is milk. The locale only sizes cups for "A plus B", which names do not use.
 */
const foodNameOfLine = (line: string): string => readIngredientLine(line, "en-US").name;

const foodOfLine = (line: string): string => keyOf(normalizeFoodName(foodNameOfLine(line)));

/**
 * Tie-breaks, in order, each used only when it leaves exactly one line: the food is exactly the name; the
 * name is the food's head noun in English ("white rice", not "rice vinegar"; "X of Y" and "X de Y" are
 * headed by X, so they are left to the next tier); or in Portuguese ("arroz branco", not "vinagre de arroz").
 */
const preferredCandidate = (
  candidates: readonly { index: number; line: string }[],
  name: string,
): { index: number; line: string } | undefined => {
  const wanted = keyOf(normalizeFoodName(name));
  const tiers = [
    (food: string) => food === wanted,
    (food: string) => food.endsWith(` ${wanted}`) && !/ (?:of|de|do|da|dos|das) /.test(food),
    (food: string) => food.startsWith(`${wanted} `),
  ];
  for (const tier of tiers) {
    const matching = candidates.filter(({ line }) => tier(foodOfLine(line)));
    if (matching.length === 1) return matching[0];
  }
  return undefined;
};

/** A target_name the validator will accept: the user's words when the line contains them verbatim. */
const targetNameFor = (line: string, name: string): string => {
  const options = [name.trim(), normalizeFoodName(name), foodNameOfLine(line), line.trim()];
  return options.find((option) => targetNameMatches(line, option)) ?? line.trim();
};
