import { z } from "zod";
import { ValidationError } from "../errors";

/**
 * Tenant ids come from JWT claims. They become the first segment of every key, so they must not contain
 * the key separator: a tenant named `a#PLAN` could otherwise address another tenant's items.
 */
export const TenantIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/, "tenant ids are 1-64 letters, digits, '_', '.', '-'");

export const KEY_SEPARATOR = "#";

/** A logical, tenant-free key: the table layer prefixes the tenant itself. */
export interface ItemKey {
  pk: readonly string[];
  sk: readonly string[];
}

const assertSegment = (segment: string): void => {
  if (segment.length === 0 || segment.includes(KEY_SEPARATOR)) {
    throw new ValidationError(`Key segment ${JSON.stringify(segment)} is empty or contains '#'`, [
      { path: "key", message: "key segments must be non-empty and must not contain '#'" },
    ]);
  }
};

/** `T#{tenant}#{parts...}`: every partition key starts with the tenant. */
export const tenantPartitionKey = (tenant: string, parts: readonly string[]): string => {
  for (const part of parts) assertSegment(part);
  return ["T", tenant, ...parts].join(KEY_SEPARATOR);
};

/** Sort keys are relative to their partition; a trailing separator is allowed for prefix queries. */
export const sortKey = (parts: readonly string[]): string => {
  for (const part of parts) assertSegment(part);
  return parts.join(KEY_SEPARATOR);
};
