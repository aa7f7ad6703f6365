import { z } from "zod";

/**
 * What a household asked of its substitutions and deliveries (grocery services' rules, STORE.md): a
 * policy per item with a household default, pinned and banned brands, a price cap, slot preferences and
 * an optional weekly run.
 */
export const itemPolicySchema = z.discriminatedUnion("policy", [
  z.object({ policy: z.literal("best_match") }),
  /** Only these products may replace the item. */
  z.object({
    policy: z.literal("specific"),
    productIds: z
      .array(z.string().regex(/^[A-Za-z0-9_-]{1,40}$/))
      .min(1)
      .max(10),
  }),
  z.object({ policy: z.literal("no_substitute") }),
]);
export type ItemPolicy = z.infer<typeof itemPolicySchema>;

export const WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

const brandName = z.string().trim().min(1).max(60);
const hourOfDay = z.number().int().min(0).max(24);

export const slotPreferencesSchema = z
  .object({
    /** Days a delivery may come; all days when absent. */
    days: z.array(z.enum(WEEKDAYS)).min(1).max(7).optional(),
    /** The window a slot must sit in, whole hours (a 18:30-20:30 slot fits 18..21). */
    earliestHour: hourOfDay.optional(),
    latestHour: hourOfDay.optional(),
    /** The most a delivery may cost, in cents. */
    maxFeeCents: z.number().int().nonnegative().max(100_000).optional(),
  })
  .strict()
  .refine(
    (s) => s.earliestHour === undefined || s.latestHour === undefined || s.earliestHour < s.latestHour,
    {
      message: "earliestHour must be before latestHour",
      path: ["latestHour"],
    },
  );
export type SlotPreferences = z.infer<typeof slotPreferencesSchema>;

export const weeklyScheduleSchema = z
  .object({
    weekday: z.enum(WEEKDAYS),
    /** UTC hour at which the run starts. */
    hour: z.number().int().min(0).max(23),
  })
  .strict();

/** The default cap: a candidate more than 20 % dearer (unit price, else price) is never `strong`. */
export const DEFAULT_PRICE_CAP_PERCENT = 20;

export const householdPreferencesSchema = z.object({
  defaultPolicy: itemPolicySchema.default({ policy: "best_match" }),
  /** Per cart product id. */
  itemPolicies: z
    .record(
      z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, "product ids are letters, digits, - and _"),
      itemPolicySchema,
    )
    .default({})
    .refine((policies) => Object.keys(policies).length <= 500, "at most 500 item policies"),
  pinnedBrands: z.array(brandName).max(50).default([]),
  bannedBrands: z.array(brandName).max(50).default([]),
  priceCapPercent: z.number().min(0).max(500).default(DEFAULT_PRICE_CAP_PERCENT),
  slots: slotPreferencesSchema.default({}),
  weeklyRun: weeklyScheduleSchema.optional(),
});
export type HouseholdPreferences = z.output<typeof householdPreferencesSchema>;
export type HouseholdPreferencesInput = z.input<typeof householdPreferencesSchema>;

export const defaultHouseholdPreferences = (): HouseholdPreferences => householdPreferencesSchema.parse({});

/** The policy for one cart product: its own, else the household's default. */
export const policyFor = (preferences: HouseholdPreferences, productId: string): ItemPolicy =>
  preferences.itemPolicies[productId] ?? preferences.defaultPolicy;

const normalizedBrand = (brand: string): string => brand.trim().toLowerCase();

/** Whether a product's brand (or name, where the store gives no brand) names one of `brands`. */
export const matchesBrand = (
  brands: readonly string[],
  product: { name: string; brand?: string },
): boolean => {
  const haystack = ` ${product.brand ?? ""} ${product.name} `.toLowerCase();
  return brands.some((brand) => {
    const wanted = normalizedBrand(brand);
    return normalizedBrand(product.brand ?? "") === wanted || haystack.includes(` ${wanted} `);
  });
};
