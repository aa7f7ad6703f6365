import { configOnce, parseConfig } from "../../../core/config";
import { TableConfigSchema } from "../../../core/db/app-table";
import { readLlmConfig } from "../../../core/llm/llm-config";
import { readSqlConfig } from "../../../core/sql/sql-config";

/**
 * The catalog chat's config, read once. Apart from catalog-chat-wiring.ts so the entry reads it at cold
 * start without loading the adapters, which come with the app on the first request.
 */
// A missing TABLE_NAME, database variable or provider key fails at the first read, with its name.
export const readCatalogChatConfig = configOnce(() => ({
  table: parseConfig(TableConfigSchema),
  // A malformed LLM_PROVIDER is named before the database variables, as in every entry that calls a model.
  llm: readLlmConfig(),
  sql: readSqlConfig(),
}));

export type CatalogChatConfig = ReturnType<typeof readCatalogChatConfig>;
