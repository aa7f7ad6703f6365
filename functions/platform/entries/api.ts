import { createPlatformApiHandler } from "../wiring/platform-api-wiring";

// Built at cold start by the wiring: config parsed once, the checks, the app.
export const handler = await createPlatformApiHandler();
