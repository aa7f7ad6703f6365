/** A price per unit of measure, in cents: what value ranking compares across pack sizes. */
export type UnitOfMeasure = "kg" | "l" | "un" | "dose";

export interface UnitPrice {
  amountCents: number;
  per: UnitOfMeasure;
}

export const UNITS_OF_MEASURE: readonly UnitOfMeasure[] = ["kg", "l", "un", "dose"];
