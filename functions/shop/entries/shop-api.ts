import { toLambdaHandler } from "../../core/http/lambda-handler";
import { createObservability } from "../../core/observability";
import { createShopApi } from "../wiring/shop-api-wiring";

const observability = await createObservability("shop");
const { logger } = observability;

/** The app (its routes and their zod schemas), built by the wiring on the first request, not at init. */
export const handler = toLambdaHandler(() => createShopApi(logger), logger, observability);
