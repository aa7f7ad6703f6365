import { z } from "zod";

/**
 * Input schemas for values PostgreSQL stores, so what the database would refuse is refused while validating,
 * naming the field, instead of failing the whole statement (a batch) as a database error.
 */

/** Text PostgreSQL can hold: anything but U+0000, which `text` and `jsonb` both refuse. */
export const postgresText = () =>
  z.string().refine((value) => !value.includes("\u0000"), "must not contain the NUL character (U+0000)");

/** A calendar date (YYYY-MM-DD, a real day: no 2026-02-30) in PostgreSQL's range (there is no year 0). */
export const postgresDate = () =>
  z.iso
    .date("expected an ISO calendar date (YYYY-MM-DD)")
    .refine((value) => !value.startsWith("0000"), "year 0000 does not exist");
