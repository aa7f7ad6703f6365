import { toLambdaHandler } from "../../../core/http/lambda-handler";
import { createObservability } from "../../../core/observability";
import { readCatalogChatConfig } from "../wiring/catalog-chat-config";
import { catalogChatLambdaApp } from "../wiring/catalog-chat-api-handler";

// Parsed at cold start: a missing TABLE_NAME, database variable or provider key fails here, with its name.
const config = readCatalogChatConfig();
const observability = await createObservability("catalog-chat");
const { logger } = observability;

/** The catalog chat's API Lambda (lib/areas/catalog-chat.ts). The app is built on the first request, not at init. */
export const handler = toLambdaHandler(catalogChatLambdaApp(config, logger), logger, observability);
