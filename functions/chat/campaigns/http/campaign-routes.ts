import { createRoute } from "@hono/zod-openapi";
import { LLM_PROVIDERS } from "../../../core/config";
import { bearerAuth, errorResponses, jsonBody, jsonResponse, z } from "../../../core/http/route-helpers";
import { postgresDate, postgresText } from "../../../core/sql/sql-input";
import {
  CampaignFiltersSchema,
  CampaignSchema,
  GROUP_BY_DIMENSIONS,
  RELATIVE_DATE_RANGES,
} from "../domain/campaign";
import { CampaignChatRequestSchema } from "../domain/campaign-chat-response";
import { CAMPAIGN_TOOL_NAMES } from "../domain/campaign-tools";
import { MAX_CAMPAIGNS_PER_INGEST } from "../domain/use-cases/ingest-campaigns";

/** The campaign chat's routes (seed 002), all behind the JWT authorizer. lib/areas/campaign-chat.ts routes them. */
const tags = ["chat-campaigns"];

export const StoredCampaignSchema = CampaignSchema.extend({ updated_at: z.string() }).meta({
  id: "Campaign",
});

const AggregationSchema = z
  .object({
    group_by: z.enum(GROUP_BY_DIMENSIONS),
    buckets: z.array(z.object({ value: z.string(), count: z.number().int() })),
  })
  .meta({ id: "CampaignAggregation" });

export const CampaignToolResultSchema = z
  .object({
    count: z.number().int().describe("How many campaigns matched"),
    summary_for_llm: z
      .string()
      .describe("The text the model reads: the first 20 campaigns, three lines each"),
    campaigns: z.array(StoredCampaignSchema),
    aggregation: AggregationSchema.optional(),
  })
  .meta({ id: "CampaignToolResult" });

export const CampaignChatResponseSchema = z
  .object({
    response: z.string(),
    campaigns: z.array(StoredCampaignSchema).describe("From the last tool result that returned campaigns"),
    aggregation: AggregationSchema.optional(),
    total: z.number().int().optional(),
    suggestions: z.array(z.string()).optional(),
    detectedFilters: CampaignFiltersSchema.optional(),
    status: z.enum(["completed", "capped", "repeated_call", "deadline", "offline"]),
    toolsUsed: z
      .array(z.enum(CAMPAIGN_TOOL_NAMES))
      .describe(
        "The tools whose results the answer drew on (a call refused for its arguments is not), each once, in the order first run; the offline router's one",
      ),
    provider: z
      .enum(LLM_PROVIDERS)
      .describe("The LLM provider that answered; `none` when the offline router did (README)"),
  })
  .meta({ id: "CampaignChatResponse" });

export const chatCampaignsRoute = createRoute({
  method: "post",
  path: "/chat/campaigns",
  operationId: "chatAboutCampaigns",
  tags,
  summary:
    "Ask about campaigns: the agent searches with semantic_search, filter_campaigns and full_text_search",
  description:
    "At most 5 tool-calling turns. With `applyFiltersToQuery: true`, `activeFilters` constrain every tool call. " +
    "Without a model (LLM_PROVIDER=none) a deterministic router picks one tool and the answer summarises its result.",
  security: bearerAuth,
  request: { body: jsonBody(CampaignChatRequestSchema.meta({ id: "CampaignChatRequest" })) },
  responses: {
    200: jsonResponse(CampaignChatResponseSchema, "The answer, with the campaigns to show"),
    ...errorResponses(400, 401, 403, 413, 503),
  },
});

export const IngestCampaignsBodySchema = z
  .object({
    campaigns: z
      .array(z.unknown())
      .min(1)
      .max(MAX_CAMPAIGNS_PER_INGEST)
      .describe("Campaigns (see the Campaign schema, without updated_at); each is validated on its own"),
  })
  .strict()
  .meta({ id: "IngestCampaignsRequest" });

const IngestItemResultSchema = z.object({
  index: z.number().int(),
  id: z.string().optional(),
  status: z.enum(["created", "updated", "invalid"]),
  embedded: z.boolean().optional().describe("Whether its vectors were (re)computed: new or changed text"),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

export const IngestReportSchema = z
  .object({
    created: z.number().int(),
    updated: z.number().int(),
    invalid: z.number().int(),
    results: z.array(IngestItemResultSchema),
  })
  .meta({ id: "IngestCampaignsReport" });

export const ingestCampaignsRoute = createRoute({
  method: "post",
  path: "/campaigns",
  operationId: "ingestCampaigns",
  tags,
  summary: `Create or update up to ${MAX_CAMPAIGNS_PER_INGEST} campaigns, with a result per item`,
  description:
    "Idempotent by id: a re-sent campaign updates, and its embeddings are recomputed only when its text changed. " +
    "An invalid campaign is reported in `results` and loses none of the others.",
  security: bearerAuth,
  request: { body: jsonBody(IngestCampaignsBodySchema) },
  responses: {
    200: jsonResponse(IngestReportSchema, "What happened to each campaign"),
    ...errorResponses(400, 401, 403, 413, 503),
  },
});

const CampaignIdParams = z.object({ id: CampaignSchema.shape.id });

export const getCampaignRoute = createRoute({
  method: "get",
  path: "/campaigns/{id}",
  operationId: "getCampaign",
  tags,
  summary: "Read one campaign",
  security: bearerAuth,
  request: { params: CampaignIdParams },
  responses: {
    200: jsonResponse(StoredCampaignSchema, "The campaign"),
    ...errorResponses(400, 401, 403, 404, 503),
  },
});

export const deleteCampaignRoute = createRoute({
  method: "delete",
  path: "/campaigns/{id}",
  operationId: "deleteCampaign",
  tags,
  summary: "Delete one campaign",
  security: bearerAuth,
  request: { params: CampaignIdParams },
  responses: {
    204: { description: "Deleted" },
    ...errorResponses(400, 401, 403, 404, 503),
  },
});

const listParam = (what: string) =>
  postgresText().min(1).max(1000).optional().describe(`${what}; several separated by commas`);

export const ListCampaignsQuery = z.object({
  channel: listParam("Channel(s), any of"),
  value_prop: listParam("Value prop(s), every one"),
  sentiment: listParam("Imagery sentiment(s), any of"),
  visual_style: listParam("Imagery visual style(s), any of"),
  company: listParam("Company or companies, any of"),
  date_range: z
    .enum(RELATIVE_DATE_RANGES)
    .optional()
    .describe("A relative range, resolved against the clock"),
  from: postgresDate().optional().describe("Captured on or after (ISO date)"),
  to: postgresDate().optional().describe("Captured on or before (ISO date)"),
  has_offer: z.enum(["true", "false"]).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});

export const CampaignPageSchema = z
  .object({
    total: z.number().int(),
    campaigns: z.array(StoredCampaignSchema),
    next_offset: z.number().int().optional(),
  })
  .meta({ id: "CampaignPage" });

export const listCampaignsRoute = createRoute({
  method: "get",
  path: "/campaigns",
  operationId: "listCampaigns",
  tags,
  summary: "List campaigns, newest first, with the filters of filter_campaigns",
  security: bearerAuth,
  request: { query: ListCampaignsQuery },
  responses: {
    200: jsonResponse(CampaignPageSchema, "One page of the filtered campaigns"),
    ...errorResponses(400, 401, 403, 503),
  },
});

export const CampaignSearchBodySchema = z
  .object({
    tool: z.enum(CAMPAIGN_TOOL_NAMES),
    args: z
      .record(z.string(), z.unknown())
      .default({})
      .describe("The tool's arguments, as the model would pass them"),
  })
  .strict()
  .meta({ id: "CampaignSearchRequest" });

export const searchCampaignsRoute = createRoute({
  method: "post",
  path: "/campaigns/search",
  operationId: "searchCampaigns",
  tags,
  summary: "Run one of the chat's tools without the model",
  security: bearerAuth,
  request: { body: jsonBody(CampaignSearchBodySchema) },
  responses: {
    200: jsonResponse(CampaignToolResultSchema, "The tool result"),
    ...errorResponses(400, 401, 403, 413, 503),
  },
});
