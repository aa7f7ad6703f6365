import type { OpenAPIHono } from "@hono/zod-openapi";
import type { CampaignsApiDeps } from "./chat/campaigns/http/create-campaigns-app";
import { createCampaignsApp } from "./chat/campaigns/http/create-campaigns-app";
import type { CatalogApiDeps } from "./chat/catalog/http/catalog-api-deps";
import { createCatalogApp } from "./chat/catalog/http/create-catalog-app";
import type { CookApiDeps } from "./cook/http/cook-api-deps";
import { createCookApp } from "./cook/http/create-cook-app";
import type { ApiEnv } from "./core/http/api-env";
import { describeOnlyDeps, mergeOpenApiDocuments } from "./core/http/openapi-document";
import { createLogger } from "./core/logger";
import { createNegotiateApp, type NegotiateApiDeps } from "./negotiate/http/create-negotiate-app";
import { createPlatformApp, type PlatformDeps } from "./platform/http/create-platform-app";
import { createShopApp } from "./shop/coordinator/http/create-shop-app";
import type { ShopApiDeps } from "./shop/coordinator/http/shop-api-deps";

/** Where the API runs: `npm start`, and a deployed stage (its URL is the stack output `Url`). */
export const API_SERVERS = [
  { url: "http://127.0.0.1:3000", description: "Local stack (`npm start`; PORT changes the port)" },
  {
    url: "https://{apiId}.execute-api.{region}.amazonaws.com",
    description: "A deployed stage (`npx cdk deploy`): the stack output `Url`",
    variables: {
      apiId: { default: "your-api-id", description: "The HTTP API's id, from the stack output `Url`" },
      region: { default: "eu-west-1", description: "The AWS region the stack is deployed in" },
    },
  },
];

/**
 * Every area's HTTP app, built with describe-only dependencies. `npm run openapi` writes the merged
 * document to docs/openapi.json; a test fails when that file is out of date.
 */
export const describedApps = (): OpenAPIHono<ApiEnv>[] => {
  const logger = createLogger("openapi");
  return [
    createPlatformApp(describeOnlyDeps<PlatformDeps>("platform", { logger, healthChecks: {} })),
    createCookApp(describeOnlyDeps<CookApiDeps>("cook", { logger, maxBodyBytes: undefined })),
    createShopApp(describeOnlyDeps<ShopApiDeps>("shop", { logger, maxBodyBytes: undefined })),
    createNegotiateApp(describeOnlyDeps<NegotiateApiDeps>("negotiate", { logger, maxBodyBytes: undefined })),
    createCatalogApp(describeOnlyDeps<CatalogApiDeps>("chat", { logger, maxBodyBytes: undefined })),
    createCampaignsApp(
      describeOnlyDeps<CampaignsApiDeps>("chat-campaigns", { logger, maxBodyBytes: undefined }),
    ),
  ];
};

export const buildOpenApiDocument = () =>
  mergeOpenApiDocuments(
    describedApps(),
    {
      title: "Larder API",
      version: "0.1.0",
      description:
        "Serverless backend of LLM agents for household and merchant commerce: cook, shop, chat and negotiate.",
    },
    API_SERVERS,
  );
