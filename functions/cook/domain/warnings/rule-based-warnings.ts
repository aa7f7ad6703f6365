import { escapeRegExp } from "../../../core/text/escape-reg-exp";
import { foodKeyOf, normalizeFoodName } from "../ingredient-lines/food-name";
import { parseIngredientLine } from "../ingredient-lines/ingredient-line";
import type { WarningsInput } from "../ports/warnings-generator";
import { compileIngredientLines } from "../variants/apply-patch-ops";

/** Words of a food name too generic to look for in the steps. */
const GENERIC_WORDS = new Set([
  "ground",
  "black",
  "white",
  "red",
  "green",
  "can",
  "tinned",
  "dried",
  "of",
  "de",
]);

const foodOf = (line: string): string => normalizeFoodName(parseIngredientLine(line).description);

const searchable = (text: string): string => foodKeyOf(text.toLowerCase());

/** Whether any step mentions a distinctive word of the food ("chicken thigh" → "chicken" or "thigh"). */
const stepsMention = (steps: readonly string[], food: string): boolean => {
  const words = searchable(food)
    .split(" ")
    .filter((word) => word.length >= 3 && !GENERIC_WORDS.has(word));
  const text = searchable(steps.join(" "));
  return words.some((word) => new RegExp(`(?:^|[^\\p{L}])${escapeRegExp(word)}`, "u").test(text));
};

/**
 * Offline warnings for a compiled variant, from what the ops did and what the unchanged steps still say.
 * They never mention times or temperatures. Used when no model is configured or the model fails.
 */
export const ruleBasedWarnings = ({ base, ops }: WarningsInput): string[] => {
  const warnings: string[] = [];
  for (const op of ops) {
    const line = typeof op.target_index === "number" ? base.ingredients_raw[op.target_index] : undefined;
    if (op.op === "replace_ingredient" && line !== undefined && op.replacement) {
      const food = foodOf(line);
      if (food && stepsMention(base.steps, food)) {
        warnings.push(`The steps still mention ${food}; use ${op.replacement.name} there instead.`);
      }
    }
    if (op.op === "remove_ingredient" && line !== undefined) {
      const food = foodOf(line);
      if (food && stepsMention(base.steps, food)) {
        warnings.push(`The steps still mention ${food}, which this variant leaves out: skip it there.`);
      }
    }
    if (op.op === "add_ingredient" && op.new_ingredient) {
      const food = foodOf(op.new_ingredient);
      if (food && !stepsMention(base.steps, food)) {
        warnings.push(`The steps do not say when to add ${food}; add it where it fits the dish.`);
      }
    }
  }
  const scale = ops.find((op) => op.op === "scale_servings");
  if (scale) {
    warnings.push(
      "Quantities were scaled: cooking times and pan sizes may need adjusting, so check for doneness.",
    );
    const unscaled = compileIngredientLines(base.ingredients_raw, ops).filter(
      (line) => line.origin.kind === "base" && line.origin.scale === "not_located",
    );
    for (const line of unscaled) warnings.push(`Check the amount of "${line.text}": it could not be scaled.`);
  }
  return warnings;
};
