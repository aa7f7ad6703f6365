import { createHash } from "node:crypto";
import { z } from "zod";

const HOUSEHOLD_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** A store household id as the run's steps carry it (the store's session cookie takes the same shape). */
export const householdIdSchema = z.string().regex(HOUSEHOLD_ID, "letters, digits, - and _ (1-64)");

/**
 * The store household a tenant's runs drive: the tenant's own id when the store's household ids allow
 * it (so the local `demo` tenant drives the simulated store's `demo` household), else a digest of it.
 * Derived, never sent by a client, so no tenant can name another's household.
 */
export const householdForTenant = (tenant: string): string =>
  HOUSEHOLD_ID.test(tenant) ? tenant : `t-${createHash("sha256").update(tenant).digest("hex").slice(0, 40)}`;
