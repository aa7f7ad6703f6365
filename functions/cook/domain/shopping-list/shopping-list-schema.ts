import { z } from "zod";
import { RecipeLocaleSchema } from "../recipes/recipe-locale";
import { MealTypeSchema } from "../snapshots/planned-meal";

// The shopping list's response shape, apart from the code that builds it, so the HTTP routes' OpenAPI
// schemas load without the ingredient reader (which loads with the first shopping-list request).
export const ShoppingSourceSchema = z.object({
  date: z.string(),
  meal_type: MealTypeSchema,
  /** The recipe the line came from: the variant id for a modified meal, else the base (or component) id. */
  recipe_id: z.string(),
});
export type ShoppingSource = z.infer<typeof ShoppingSourceSchema>;

export const ShoppingItemSchema = z.object({
  name: z.string(),
  /** Total in `unit`; null for lines without an amount ("salt to taste"). A range counts its high end. */
  quantity: z.number().nullable(),
  /** "g", "kg", "ml", "l", or a unit id ("cup", "clove", "can"); null for a plain count. */
  unit: z.string().nullable(),
  display: z.string(),
  sources: z.array(ShoppingSourceSchema),
  read_by_llm: z
    .literal(true)
    .optional()
    .describe(
      "Present when a line of the item was read by the configured LLM, the rules having failed on it.",
    ),
  quantity_min: z
    .number()
    .optional()
    .describe(
      'Present when a line gave a range ("2-3 tomatoes"): the total with each range\'s low end; `quantity` has the high ends, so the shopping covers the recipe.',
    ),
  merged_names: z
    .array(z.string())
    .optional()
    .describe(
      'Present when the item merged one food written in two languages (the bilingual food lexicon): the names its lines gave, e.g. ["alho", "garlic"].',
    ),
  mixed_locales: z
    .array(RecipeLocaleSchema)
    .optional()
    .describe(
      "Present when the item sums a unit whose size differs by locale (cup, pint, quart, fl oz) from recipes of different locales: each amount was converted to ml by its own recipe's locale before summing, so the item is in ml or l.",
    ),
});
export type ShoppingItem = z.infer<typeof ShoppingItemSchema>;

/** What the reader made of a line it could not read whole. */
export const LineReadingSchema = z.object({
  quantity: z.number().nullable(),
  quantity2: z.number().nullable(),
  unit: z.string().nullable(),
  name: z.string(),
});

export const UnparsedLineSchema = z.object({
  line: z.string(),
  reason: z.string(),
  source: ShoppingSourceSchema,
  read: LineReadingSchema.optional().describe("What could be read of the line, when anything could."),
});
export type UnparsedLine = z.infer<typeof UnparsedLineSchema>;

export const RecipeLocaleUsedSchema = z.object({
  recipe_id: z.string(),
  locale: RecipeLocaleSchema,
  source: z
    .enum(["recipe", "inferred"])
    .describe("`recipe` when the recipe gave its locale, `inferred` when it was read from its lines."),
});
export type RecipeLocaleUsed = z.infer<typeof RecipeLocaleUsedSchema>;

export const ShoppingListSchema = z.object({
  items: z.array(ShoppingItemSchema),
  unparsed: z.array(UnparsedLineSchema),
  recipe_locales: z
    .array(RecipeLocaleUsedSchema)
    .describe("The locale each recipe's cups, pints and spoons were read in (UK and US sizes differ)."),
});
export type ShoppingList = z.infer<typeof ShoppingListSchema>;
