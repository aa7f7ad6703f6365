import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { campaignsArea } from "../../../../lib/areas/campaigns";
import { deadlineFromRemainingTime } from "../../../core/agent";
import { LLM_PROVIDERS, type LlmProviderName } from "../../../core/config";
import type { EmbeddingPort } from "../../../core/embedding/embedding-port";
import { NotFoundError } from "../../../core/errors";
import type { ApiEnv } from "../../../core/http/api-env";
import { createApi } from "../../../core/http/create-api";
import {
  createUsageRecorder,
  type FunctionLlmPreference,
  type LlmPort,
  logUsageTotals,
  recordingUsage,
} from "../../../core/llm";
import type { Logger } from "../../../core/logger";
import type { SqlPort } from "../../../core/sql/sql-port";
import { forTenant } from "../../../core/sql/tenant-sql";
import { parseOrThrow } from "../../../core/validation";
import type { CampaignFilters } from "../campaign";
import { createCampaignStore } from "../campaign-store";
import { type CampaignToolDeps, createCampaignToolRunner, TOOL_INPUTS } from "../campaign-tools";
import { resolveDateRange } from "../date-range";
import { ingestCampaigns } from "../ingest-campaigns";
import { runCampaignChat } from "../run-campaign-chat";
import type { CampaignToolResult } from "../tool-result";
import {
  chatCampaignsRoute,
  deleteCampaignRoute,
  getCampaignRoute,
  ingestCampaignsRoute,
  listCampaignsRoute,
  searchCampaignsRoute,
} from "./campaign-routes";

export interface CampaignsApiDeps {
  logger: Logger;
  sql: SqlPort;
  embedding: EmbeddingPort;
  llm: LlmPort;
  /** LLM_PROVIDER=none: the offline router answers the chat. */
  offline: boolean;
  now: () => Date;
  /** What "recent" means, in days. */
  recentDays: number;
  maxBodyBytes?: number;
}

const CHAT_FUNCTION_ID = "ChatCampaignsApi";
const chatFunction = campaignsArea.functions.find((f) => f.id === CHAT_FUNCTION_ID);
if (!chatFunction) throw new Error(`lib/areas/campaigns.ts defines no ${CHAT_FUNCTION_ID}`);

/** The chat function's model preference, from its area definition (OpenAI function calling, seed 002). */
export const campaignChatLlmPreference: FunctionLlmPreference = {
  functionId: chatFunction.id,
  ...(chatFunction.llm ? { preferredProvider: chatFunction.llm.preferredProvider } : {}),
};

/** Time kept back from the Lambda's remaining time so the chat can answer after its model stops. */
export const CHAT_DEADLINE_MARGIN_MS = 3_000;

/** 500 campaigns with long copy: up to Lambda's 6 MB request payload. */
export const CAMPAIGNS_MAX_BODY_BYTES = 6_000_000;

const splitList = (value: string | undefined): string[] | undefined =>
  value
    ?.split(",")
    .map((v) => v.trim())
    .filter(Boolean);

/**
 * The campaign chat's HTTP API (seed 002). Each handler validates, makes one domain call on the tenant's
 * campaigns and maps the result; errors reach the shared error mapping.
 */
export const createCampaignsApp = (deps: CampaignsApiDeps): OpenAPIHono<ApiEnv> => {
  const app = createApi({
    logger: deps.logger,
    auth: "required",
    maxBodyBytes: deps.maxBodyBytes ?? CAMPAIGNS_MAX_BODY_BYTES,
  });
  const storeFor = (c: Context<ApiEnv>) => createCampaignStore(forTenant(deps.sql, c.get("tenant")));
  const toolDeps = (c: Context<ApiEnv>): CampaignToolDeps => ({
    store: storeFor(c),
    embedding: deps.embedding,
    now: deps.now,
    recentDays: deps.recentDays,
  });

  app.openapi(chatCampaignsRoute, async (c) => {
    const recorder = createUsageRecorder();
    const logger = c.get("logger");
    const lambdaContext = c.env?.lambdaContext;
    const deadline = lambdaContext
      ? deadlineFromRemainingTime(lambdaContext, CHAT_DEADLINE_MARGIN_MS)
      : undefined;
    try {
      const answer = await runCampaignChat(
        {
          tools: toolDeps(c),
          llm: recordingUsage(deps.llm, recorder),
          offline: deps.offline,
          logger,
          ...(deadline === undefined ? {} : { deadline }),
        },
        c.req.valid("json"),
      );
      // The provider that answered, from the calls' own usage; `none` when the offline router did.
      const used = answer.status === "offline" ? undefined : recorder.entries().at(-1)?.provider;
      const provider: LlmProviderName = LLM_PROVIDERS.find((p) => p === used) ?? "none";
      return c.json({ ...answer, provider }, 200);
    } finally {
      logUsageTotals(logger, recorder, { chat: "campaigns" });
    }
  });

  app.openapi(ingestCampaignsRoute, async (c) => {
    const report = await ingestCampaigns(
      { store: storeFor(c), embedding: deps.embedding },
      c.req.valid("json").campaigns,
    );
    return c.json(report, 200);
  });

  app.openapi(getCampaignRoute, async (c) => {
    const { id } = c.req.valid("param");
    const campaign = await storeFor(c).get(id);
    if (!campaign) throw new NotFoundError(`No campaign ${id}`);
    return c.json(campaign, 200);
  });

  app.openapi(deleteCampaignRoute, async (c) => {
    const { id } = c.req.valid("param");
    if (!(await storeFor(c).remove(id))) throw new NotFoundError(`No campaign ${id}`);
    return c.body(null, 204);
  });

  app.openapi(listCampaignsRoute, async (c) => {
    const query = c.req.valid("query");
    const filters: CampaignFilters = {
      ...(query.channel ? { channel: splitList(query.channel) } : {}),
      ...(query.value_prop ? { value_prop: splitList(query.value_prop) } : {}),
      ...(query.sentiment ? { sentiment: splitList(query.sentiment) } : {}),
      ...(query.visual_style ? { visual_style: splitList(query.visual_style) } : {}),
      ...(query.company ? { company: splitList(query.company) } : {}),
      ...(query.has_offer ? { has_offer: query.has_offer === "true" } : {}),
    };
    const range = query.date_range
      ? resolveDateRange(query.date_range, deps.now(), deps.recentDays)
      : { ...(query.from ? { from: query.from } : {}), ...(query.to ? { to: query.to } : {}) };
    const page = await storeFor(c).filter([{ ...filters, date_range: range }], query.limit, query.offset);
    const next = query.offset + page.campaigns.length;
    return c.json({ ...page, ...(next < page.total ? { next_offset: next } : {}) }, 200);
  });

  app.openapi(searchCampaignsRoute, async (c) => {
    const { tool, args } = c.req.valid("json");
    const input = parseOrThrow(TOOL_INPUTS[tool], args, `${tool} args`);
    const runner = createCampaignToolRunner(toolDeps(c));
    const result = await (runner[tool] as (input: unknown) => Promise<CampaignToolResult>)(input);
    return c.json(result, 200);
  });

  return app;
};
