import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { LLM_PROVIDERS, type LlmProviderName } from "../../../core/config";
import type { ApiEnv } from "../../../core/http/api-env";
import { createApi } from "../../../core/http/create-api";
import { requestScopeInputOf } from "../../../core/http/request-scope-input";
import type { CampaignFilters } from "../domain/campaign";
import { deleteCampaign } from "../domain/use-cases/delete-campaign";
import { getCampaign } from "../domain/use-cases/get-campaign";
import { ingestCampaigns } from "../domain/use-cases/ingest-campaigns";
import { listCampaigns } from "../domain/use-cases/list-campaigns";
import { runCampaignChat } from "../domain/use-cases/run-campaign-chat";
import { runCampaignTool } from "../domain/use-cases/run-campaign-tool";
import {
  chatCampaignsRoute,
  deleteCampaignRoute,
  getCampaignRoute,
  ingestCampaignsRoute,
  listCampaignsRoute,
  searchCampaignsRoute,
} from "./campaign-routes";
import type { CampaignsApiDeps } from "./campaigns-api-deps";

export type { CampaignsApiDeps } from "./campaigns-api-deps";

/** 500 campaigns with long copy: up to Lambda's 6 MB request payload. */
export const CAMPAIGNS_MAX_BODY_BYTES = 6_000_000;

const splitList = (value: string | undefined): string[] | undefined =>
  value
    ?.split(",")
    .map((v) => v.trim())
    .filter(Boolean);

/**
 * The campaign chat's HTTP API (seed 002). Each handler validates, calls one use case on the tenant's
 * campaigns and maps the result; errors reach the shared error mapping.
 */
export const createCampaignsApp = (deps: CampaignsApiDeps): OpenAPIHono<ApiEnv> => {
  const app = createApi({
    logger: deps.logger,
    auth: "required",
    maxBodyBytes: deps.maxBodyBytes ?? CAMPAIGNS_MAX_BODY_BYTES,
  });
  const tenantDeps = (c: Context<ApiEnv>) => deps.tenantDeps(c.get("tenant"));

  app.openapi(chatCampaignsRoute, async (c) => {
    const answer = await deps.inRequestScope(requestScopeInputOf(c), async (session) => {
      const result = await runCampaignChat(session.chat, c.req.valid("json"));
      // The provider that answered, from the calls' own usage; `none` when the offline router did.
      const used = result.status === "offline" ? undefined : session.lastProvider();
      const provider: LlmProviderName = LLM_PROVIDERS.find((p) => p === used) ?? "none";
      return { ...result, provider };
    });
    return c.json(answer, 200);
  });

  app.openapi(ingestCampaignsRoute, async (c) => {
    const report = await ingestCampaigns(tenantDeps(c), c.req.valid("json").campaigns);
    return c.json(report, 200);
  });

  app.openapi(getCampaignRoute, async (c) => {
    return c.json(await getCampaign(tenantDeps(c), c.req.valid("param").id), 200);
  });

  app.openapi(deleteCampaignRoute, async (c) => {
    await deleteCampaign(tenantDeps(c), c.req.valid("param").id);
    return c.body(null, 204);
  });

  app.openapi(listCampaignsRoute, async (c) => {
    const query = c.req.valid("query");
    const filters: Omit<CampaignFilters, "date_range"> = {
      ...(query.channel ? { channel: splitList(query.channel) } : {}),
      ...(query.value_prop ? { value_prop: splitList(query.value_prop) } : {}),
      ...(query.sentiment ? { sentiment: splitList(query.sentiment) } : {}),
      ...(query.visual_style ? { visual_style: splitList(query.visual_style) } : {}),
      ...(query.company ? { company: splitList(query.company) } : {}),
      ...(query.has_offer ? { has_offer: query.has_offer === "true" } : {}),
    };
    const dateRange = query.date_range ?? {
      ...(query.from ? { from: query.from } : {}),
      ...(query.to ? { to: query.to } : {}),
    };
    const page = await listCampaigns(tenantDeps(c), {
      filters,
      dateRange,
      limit: query.limit,
      offset: query.offset,
    });
    return c.json(page, 200);
  });

  app.openapi(searchCampaignsRoute, async (c) => {
    return c.json(await runCampaignTool(tenantDeps(c), c.req.valid("json")), 200);
  });

  return app;
};
