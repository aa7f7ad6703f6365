import { toLambdaHandler } from "../../core/http/lambda-handler";
import { createObservability } from "../../core/observability";
import { shopApiDeps } from "../wiring/shop-api-wiring";

const observability = await createObservability("shop");
const { logger } = observability;

/** The app (its routes and their zod schemas), built on the first request, not at init. */
const buildApp = async () => {
  const [{ createShopApp }, deps] = await Promise.all([
    import("../http/create-shop-app"),
    shopApiDeps(logger),
  ]);
  return createShopApp(deps);
};

export const handler = toLambdaHandler(buildApp, logger, observability);
