import { createCookApiHandler } from "../wiring/cook-api-handler";

// The cook API Lambda: its wiring reads the config at cold start and builds the app on the first request.
export const handler = await createCookApiHandler();
