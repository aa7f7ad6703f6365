import type { UnitSystem } from "parse-ingredient";
import { z } from "zod";

/**
 * How a recipe writes its measures. British and American cups, pints and fluid ounces differ (a US pint
 * is 473 ml, a British one 568 ml), so the shopping list converts a recipe's volumes by its locale.
 */
export const RecipeLocaleSchema = z
  .enum(["en-GB", "en-US", "pt-PT"])
  .describe(
    "How the recipe writes its measures: en-GB (British: metric cup, imperial pint), en-US (US customary), pt-PT (metric). Inferred from the ingredient lines when absent.",
  );
export type RecipeLocale = z.infer<typeof RecipeLocaleSchema>;

/** The locale a recipe's lines are read in, and whether the recipe said so or it was inferred. */
export interface ResolvedLocale {
  locale: RecipeLocale;
  source: "recipe" | "inferred";
}

/** Signs of each locale in an ingredient line, each worth one point. */
const SIGNS: Readonly<Record<RecipeLocale, readonly RegExp[]>> = {
  "en-GB": [
    // Dual metric/imperial ("150g/5¼oz", "4oz (100g)", "1.2 litres/2 pints") is the British house style.
    /\d\s*(?:g|kg|ml|litres?)\s*(?:\/|\()\s*[\d¼½¾⅓⅔]/i,
    /\d\s*(?:oz|lb|fl oz|pints?)\s*\(\s*\d+(?:[.,]\d+)?\s*(?:g|kg|ml|litres?)\s*\)/i,
    /\b(?:litres?|millilitres?|tins?|courgettes?|aubergines?|caster|icing sugar|plain flour|self-raising|double cream|single cream|spring onions?|rocket|dessertspoons?|knob|rashers?|yoghurt|chillies|chilli|mince|bicarbonate of soda|cornflour|sultanas|demerara|muscovado|coriander leaves|stock cube|passata|rapeseed)\b/i,
  ],
  "en-US": [
    /\b(?:cups?|sticks? (?:of )?(?:unsalted |salted )?butter|ounces?|pounds?|lbs?\.?|all-purpose|cilantro|zucchini|heavy cream|scallions?|confectioners'?|powdered sugar|ground beef|kosher salt|liters?|cornstarch|baking soda|bell peppers?|broth|half-and-half|yogurt|eggplant|arugula|green onions?)\b/i,
  ],
  "pt-PT": [
    /\b(?:q\.?\s?b\.?|colher(?:es)?|chávenas?|chavenas?|dentes?|latas?|pitadas?|embalagem|embalagens|copos?|azeite|cebolas?|alho|sal|manteiga|açúcar|farinha|leite|natas)\b/i,
    /\d\s*(?:g|kg|ml|l|dl|cl|gr)\s+de\s/i,
    /[ãõçê]/i,
  ],
};

/**
 * Reads a recipe's locale from its lines: the locale with the most signs (dual notations and British
 * spellings say en-GB, Portuguese words pt-PT, cups, sticks and American names en-US). A recipe with no
 * sign at all is read as en-US, the convention parse-ingredient's own conversions follow.
 */
export const inferRecipeLocale = (lines: readonly string[]): RecipeLocale => {
  const scores: Record<RecipeLocale, number> = { "en-GB": 0, "en-US": 0, "pt-PT": 0 };
  for (const line of lines) {
    for (const locale of Object.keys(SIGNS) as RecipeLocale[]) {
      for (const sign of SIGNS[locale]) if (sign.test(line)) scores[locale]++;
    }
  }
  const best = (Object.entries(scores) as [RecipeLocale, number][]).sort((a, b) => b[1] - a[1])[0];
  return best !== undefined && best[1] > 0 ? best[0] : "en-US";
};

/** The given locale, else the inferred one, saying which. */
export const resolveRecipeLocale = (
  given: RecipeLocale | undefined,
  lines: readonly string[],
): ResolvedLocale =>
  given !== undefined
    ? { locale: given, source: "recipe" }
    : { locale: inferRecipeLocale(lines), source: "inferred" };

/** Units whose size differs between British imperial and US customary measure. */
const IMPERIAL_UNITS = new Set(["pint", "quart", "gallon", "fluid ounce"]);

/**
 * The system parse-ingredient converts a unit in for a locale: US customary for en-US; for en-GB the
 * metric cup and spoons (250, 15, 5 ml) and imperial pints and fluid ounces; metric for pt-PT.
 */
export const unitSystemFor = (locale: RecipeLocale, unitId: string): UnitSystem => {
  if (locale === "en-US") return "us";
  if (IMPERIAL_UNITS.has(unitId)) return "imperial";
  return "metric";
};
