import { createShopApiHandler } from "../wiring/shop-api-wiring";

// ShopApi: its wiring builds observability at cold start and the app on the first request.
export const handler = await createShopApiHandler();
