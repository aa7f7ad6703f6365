import { createNegotiateApiHandler } from "../wiring/negotiate-api-wiring";

// NegotiateApi: its wiring reads the config at cold start and builds the app on the first request.
export const handler = await createNegotiateApiHandler();
