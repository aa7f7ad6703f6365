import { z } from "zod";
import { envString } from "../config";

/** What a Lambda bound to the table gets: TABLE_NAME from CDK; DYNAMODB_ENDPOINT only in the local stack. */
export const TableConfigSchema = z.object({
  TABLE_NAME: envString(),
  DYNAMODB_ENDPOINT: z.url().optional(),
  /** The secret list cursors are sealed with (≥ 32 characters), given directly (tests, a local override). */
  CURSOR_KEY: z.string().min(32).optional(),
  /**
   * Deployed: the Secrets Manager secret holding it (CDK's generated `CursorKey`), read once on the first
   * list; set only on the functions whose lists page to clients (the `cursors` need).
   */
  CURSOR_KEY_SECRET_ID: envString().optional(),
  /** Set by Lambda itself: deployed, a cursor key is never derived from the table's name. */
  AWS_LAMBDA_FUNCTION_NAME: z.string().optional(),
});
export type TableConfig = z.output<typeof TableConfigSchema>;
