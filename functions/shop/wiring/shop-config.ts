import { configOnce, parseConfig } from "../../core/config";
import { TableConfigSchema } from "../../core/db/table-config";
import { readEventsConfig } from "../../core/events/events-config";
import { readLlmConfig } from "../../core/llm/llm-config";
import { readStoreConfig } from "../adapters/store/store-config";

/**
 * The shop area's configuration, the one place it is read: each section parsed once (zod) per container,
 * at the cold start of the Lambda that uses it, so a missing variable fails there with its name. Sections,
 * not one object: each Lambda is given only the variables its needs ask for (lib/areas/shop.ts), so an
 * LLM step has no TABLE_NAME and a record step no STORE_URL.
 */
export const shopConfig = {
  /** TABLE_NAME (and the local endpoint). */
  table: configOnce(() => parseConfig(TableConfigSchema)),
  /** The provider and its key. */
  llm: configOnce(() => readLlmConfig()),
  /** STORE_URL (required in a Lambda), the local store's port, the store's waits. */
  store: configOnce(() => readStoreConfig()),
  /** EVENT_BUS_NAME (required in a Lambda that publishes): where API-side events go. */
  events: configOnce(() => readEventsConfig()),
};
