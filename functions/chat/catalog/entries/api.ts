import { createCatalogChatApiHandler } from "../wiring/catalog-chat-api-handler";

// The catalog chat API Lambda: its wiring reads the config at cold start and builds the app on the first request.
export const handler = await createCatalogChatApiHandler();
