import { z } from "zod";
import { type AgentTool, defineTool } from "../../../core/agent";
import type { EmbeddingPort } from "../../../core/embedding/embedding-port";
import { postgresText } from "../../../core/sql/sql-input";
import { type CampaignFilters, CampaignFiltersSchema, GROUP_BY_DIMENSIONS } from "./campaign";
import { buildToolResult, type CampaignToolResult } from "./campaign-tool-result";
import { normaliseFilterArgs, withAllowedValues } from "./campaign-vocabulary";
import { resolveDateRange } from "./date-range";
import type { CampaignRepository, CampaignVocabulary, ResolvedFilters } from "./ports/campaign-repository";

/** Seed 002's tool names, verbatim. */
export const CAMPAIGN_TOOL_NAMES = ["semantic_search", "filter_campaigns", "full_text_search"] as const;
export type CampaignToolName = (typeof CAMPAIGN_TOOL_NAMES)[number];

/** Campaigns a tool returns for cards at most; `count` still says how many matched. */
export const TOOL_CAMPAIGN_LIMIT = 50;
/** Neighbours semantic_search returns. */
export const SEMANTIC_LIMIT = 20;
/** The longest query semantic_search takes (a chat message may be 4,000 characters). */
export const SEMANTIC_QUERY_MAX_CHARS = 1000;
/** The longest query full_text_search takes. */
export const FULL_TEXT_QUERY_MAX_CHARS = 500;
/** The most values one filter dimension takes. */
export const FILTER_VALUES_MAX = 30;

const dimensions = CampaignFiltersSchema.pick({
  channel: true,
  value_prop: true,
  sentiment: true,
  visual_style: true,
});

export const SemanticSearchInput = dimensions
  .extend({
    query: postgresText()
      .trim()
      .min(1)
      .max(SEMANTIC_QUERY_MAX_CHARS)
      .describe("What the campaigns are about, in the user's words"),
    embedding_field: z
      .enum(["campaign_text", "full_campaign_text"])
      .optional()
      .describe("Which text to compare with: the headline copy (default) or the full copy"),
  })
  .strict();

export const FilterCampaignsInput = CampaignFiltersSchema.extend({
  group_by: z
    .enum(GROUP_BY_DIMENSIONS)
    .optional()
    .describe("Also count the filtered campaigns by this dimension"),
}).strict();

export const FullTextSearchInput = CampaignFiltersSchema.extend({
  query: z
    .string()
    .trim()
    .min(1)
    .max(FULL_TEXT_QUERY_MAX_CHARS)
    .describe('Words or "quoted phrases" that must appear in the copy; -word excludes, or alternates'),
}).strict();

export const TOOL_INPUTS = {
  semantic_search: SemanticSearchInput,
  filter_campaigns: FilterCampaignsInput,
  full_text_search: FullTextSearchInput,
} as const;

export interface CampaignToolDeps {
  campaigns: CampaignRepository;
  embedding: EmbeddingPort;
  now: () => Date;
  /** What "recent" means, in days. */
  recentDays: number;
}

/** The request's own filters: with `applyFiltersToQuery`, they constrain every tool call. */
export interface RequestScope {
  activeFilters?: CampaignFilters;
  applyFiltersToQuery?: boolean;
}

const FILTER_KEYS = [
  "channel",
  "value_prop",
  "sentiment",
  "visual_style",
  "company",
  "date_range",
  "has_offer",
] as const;

/** The filter part of a tool's arguments. */
export const filtersOf = (args: Record<string, unknown>): CampaignFilters => {
  const filters: Record<string, unknown> = {};
  for (const key of FILTER_KEYS) if (args[key] !== undefined) filters[key] = args[key];
  return filters as CampaignFilters;
};

export const createCampaignToolRunner = (deps: CampaignToolDeps, scope: RequestScope = {}) => {
  const resolve = (filters: CampaignFilters): ResolvedFilters => {
    const { date_range, ...rest } = filters;
    return date_range
      ? { ...rest, date_range: resolveDateRange(date_range, deps.now(), deps.recentDays) }
      : rest;
  };
  const filterSets = (args: Record<string, unknown>): ResolvedFilters[] => {
    const sets = [resolve(filtersOf(args))];
    if (scope.applyFiltersToQuery && scope.activeFilters) sets.push(resolve(scope.activeFilters));
    return sets;
  };

  return {
    async semantic_search(input: z.output<typeof SemanticSearchInput>): Promise<CampaignToolResult> {
      const { vectors, model } = await deps.embedding.embed([input.query], { purpose: "query" });
      const page = await deps.campaigns.nearest(
        vectors[0] ?? [],
        model,
        input.embedding_field ?? "campaign_text",
        filterSets(input),
        SEMANTIC_LIMIT,
      );
      return buildToolResult(page.campaigns, page.total);
    },
    async filter_campaigns(input: z.output<typeof FilterCampaignsInput>): Promise<CampaignToolResult> {
      const sets = filterSets(input);
      const page = await deps.campaigns.filter(sets, TOOL_CAMPAIGN_LIMIT);
      const aggregation = input.group_by ? await deps.campaigns.aggregate(sets, input.group_by) : undefined;
      return buildToolResult(page.campaigns, page.total, aggregation);
    },
    async full_text_search(input: z.output<typeof FullTextSearchInput>): Promise<CampaignToolResult> {
      const page = await deps.campaigns.fullText(input.query, filterSets(input), TOOL_CAMPAIGN_LIMIT);
      return buildToolResult(page.campaigns, page.total, undefined, {
        countIsLowerBound: page.totalIsLowerBound === true,
      });
    },
  };
};
export type CampaignToolRunner = ReturnType<typeof createCampaignToolRunner>;

const DESCRIPTIONS: Record<CampaignToolName, string> = {
  semantic_search:
    'Find campaigns by meaning or concept ("travel benefits", "no fee", "family moments"). Optional filters narrow the set.',
  filter_campaigns:
    "Filter campaigns on specific dimensions: channel, value_prop (a list means every one), sentiment, visual_style, " +
    'company, date_range ({from,to} or "recent", "last quarter", "this year"), has_offer; group_by counts them. Use it for ' +
    'questions like "what are the offers from recent Cash Back campaigns": filter first, then answer from the result.',
  full_text_search:
    'Find campaigns whose copy contains words or exact "quoted phrases" ("mentions X", "says Y"). Ranked by relevance.',
};

/**
 * The three tools for the agent loop, each validated by its zod schema and answering the one result shape.
 * With the tenant's vocabulary (read at the request), each schema lists the stored values of its filter
 * dimensions and every filter value the model sends is mapped onto the stored one first; a value matching
 * none comes back to the model as a tool error naming the valid ones.
 */
export const createCampaignAgentTools = (
  runner: CampaignToolRunner,
  vocabulary?: CampaignVocabulary,
): AgentTool[] => {
  const normalise = <T extends Record<string, unknown>>(input: T): T =>
    vocabulary ? normaliseFilterArgs(input, vocabulary) : input;
  const tools = [
    defineTool({
      name: "semantic_search",
      description: DESCRIPTIONS.semantic_search,
      input: SemanticSearchInput,
      run: (input) => runner.semantic_search(normalise(input)),
      toModelContent: (output) => output.summary_for_llm,
    }),
    defineTool({
      name: "filter_campaigns",
      description: DESCRIPTIONS.filter_campaigns,
      input: FilterCampaignsInput,
      run: (input) => runner.filter_campaigns(normalise(input)),
      toModelContent: (output) => output.summary_for_llm,
    }),
    defineTool({
      name: "full_text_search",
      description: DESCRIPTIONS.full_text_search,
      input: FullTextSearchInput,
      run: (input) => runner.full_text_search(normalise(input)),
      toModelContent: (output) => output.summary_for_llm,
    }),
  ];
  if (!vocabulary) return tools;
  return tools.map((tool) => ({
    ...tool,
    execute: tool.execute.bind(tool),
    spec: { ...tool.spec, inputSchema: withAllowedValues(tool.spec.inputSchema, vocabulary) },
  }));
};
