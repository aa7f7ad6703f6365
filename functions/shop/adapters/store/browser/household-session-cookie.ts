import { z } from "zod";
import { parseOrThrow } from "../../../../core/validation";
import type { StoreCookie } from "./store-browser";

/**
 * The simulated store keeps one cart and order history per household, keyed by this cookie. On the
 * real site the household's own login cookies take its place; the tools carry whichever they are given.
 */
export const HOUSEHOLD_COOKIE_NAME = "larder-household";

export const householdIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "letters, digits, - and _ (1-64)");

export const householdSessionCookie = (storeUrl: URL, householdId: string): StoreCookie => ({
  name: HOUSEHOLD_COOKIE_NAME,
  value: parseOrThrow(householdIdSchema, householdId, "household id"),
  url: storeUrl.origin,
});
