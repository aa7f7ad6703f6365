import type { OpenAPIHono } from "@hono/zod-openapi";
import type { CampaignsApiDeps } from "./chat/campaigns/http/create-campaigns-app";
import { createCampaignsApp } from "./chat/campaigns/http/create-campaigns-app";
import type { CookApiDeps } from "./cook/http/cook-api-deps";
import { createCookApp } from "./cook/http/create-cook-app";
import type { ApiEnv } from "./core/http/api-env";
import { describeOnlyDeps, mergeOpenApiDocuments } from "./core/http/openapi-document";
import { createLogger } from "./core/logger";
import { createPlatformApp, type PlatformDeps } from "./platform/platform-app";

/**
 * Every area's HTTP app, built with describe-only dependencies. `npm run openapi` writes the merged
 * document to docs/openapi.json; a test fails when that file is out of date.
 */
export const describedApps = (): OpenAPIHono<ApiEnv>[] => {
  const logger = createLogger("openapi");
  return [
    createPlatformApp(describeOnlyDeps<PlatformDeps>("platform", { logger, healthChecks: {} })),
    createCookApp(describeOnlyDeps<CookApiDeps>("cook", { logger, maxBodyBytes: undefined })),
    createCampaignsApp(
      describeOnlyDeps<CampaignsApiDeps>("chat-campaigns", { logger, maxBodyBytes: undefined }),
    ),
  ];
};

export const buildOpenApiDocument = () =>
  mergeOpenApiDocuments(describedApps(), {
    title: "Larder API",
    version: "0.1.0",
    description:
      "Serverless backend of LLM agents for household and merchant commerce: cook, shop, chat and negotiate.",
  });
