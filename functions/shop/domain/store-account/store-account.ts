import { z } from "zod";

/** What PUT /shop/store-account takes: the household's own login at the store. */
export const storeCredentialsSchema = z.object({
  email: z.email().max(254),
  password: z.string().min(1).max(256),
});
export type StoreCredentials = z.infer<typeof storeCredentialsSchema>;

export const STORE_ACCOUNT_STATUSES = ["none", "signed_in", "sign_in_failed", "needs_person"] as const;
export type StoreAccountStatus = (typeof STORE_ACCOUNT_STATUSES)[number];

/**
 * The account as the table keeps it in plain sight: the masked email, the last sign-in's outcome and why,
 * never the password. `status` is `none` until a run first signs in.
 */
export const storeAccountRecordSchema = z.object({
  emailMasked: z.string(),
  status: z.enum(STORE_ACCOUNT_STATUSES),
  /** ISO time of the last change of status (the save, or the last sign-in). */
  at: z.string(),
  /** Why, in words (what the store said, what page was seen). */
  why: z.string(),
});
export type StoreAccountRecord = z.infer<typeof storeAccountRecordSchema>;

/** One cookie of a signed-in session, as the browser gave it (expires: epoch seconds, -1 for a session cookie). */
export const storeSessionCookieSchema = z.object({
  name: z.string(),
  value: z.string(),
  domain: z.string(),
  path: z.string(),
  expires: z.number(),
  httpOnly: z.boolean(),
  secure: z.boolean(),
  sameSite: z.enum(["Strict", "Lax", "None"]).optional(),
});
export type StoreSessionCookie = z.infer<typeof storeSessionCookieSchema>;

/** A signed-in session kept between steps and runs: its cookies, and when it stops being worth trying. */
export const savedStoreSessionSchema = z.object({
  cookies: z.array(storeSessionCookieSchema),
  expiresAt: z.string(),
});
export type SavedStoreSession = z.infer<typeof savedStoreSessionSchema>;

/** `j•••@example.com`: enough for a person to recognise the account, not to read it. */
export const maskEmail = (email: string): string => {
  const at = email.lastIndexOf("@");
  const local = at > 0 ? email.slice(0, at) : email;
  const domain = at > 0 ? email.slice(at) : "";
  return `${local.slice(0, 1)}•••${domain}`;
};

/** How long a saved session is trusted when the store's cookies give no expiry of their own. */
export const DEFAULT_SESSION_LIFETIME_MS = 12 * 60 * 60 * 1000;

/** When a session of these cookies ends: its earliest persistent cookie's expiry, else the default. */
export const sessionExpiry = (cookies: readonly StoreSessionCookie[], now: Date): Date => {
  const persistent = cookies.filter((cookie) => cookie.expires > 0).map((cookie) => cookie.expires * 1000);
  const fallback = now.getTime() + DEFAULT_SESSION_LIFETIME_MS;
  return new Date(persistent.length > 0 ? Math.min(fallback, ...persistent) : fallback);
};
