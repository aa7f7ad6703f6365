import { z } from "zod";
import { envString } from "../config";

/** What a Lambda bound to the table gets: TABLE_NAME from CDK; DYNAMODB_ENDPOINT only in the local stack. */
export const TableConfigSchema = z.object({
  TABLE_NAME: envString(),
  DYNAMODB_ENDPOINT: z.url().optional(),
  /** The secret list cursors are sealed with (≥ 32 characters); absent, one derived from TABLE_NAME. */
  CURSOR_KEY: z.string().min(32).optional(),
});
export type TableConfig = z.output<typeof TableConfigSchema>;
