import { z } from "zod";
import type { AgentStatus, ToolRun } from "../../../core/agent";
import {
  type Aggregation,
  type CampaignFilters,
  CampaignFiltersSchema,
  type StoredCampaign,
} from "./campaign";
import type { CampaignToolResult } from "./campaign-tool-result";
import { type CampaignToolName, filtersOf } from "./campaign-tools";

export const CampaignChatRequestSchema = z
  .object({
    message: z.string().trim().min(1).max(4000),
    activeFilters: CampaignFiltersSchema.strict().optional(),
    applyFiltersToQuery: z.boolean().optional(),
  })
  .strict();
export type CampaignChatRequest = z.output<typeof CampaignChatRequestSchema>;

export type CampaignChatStatus = AgentStatus | "offline";

/** Seed 002's response shape, verbatim, with how the run ended. */
export interface CampaignChatResponse {
  response: string;
  campaigns: StoredCampaign[];
  aggregation?: Aggregation;
  total?: number;
  suggestions?: string[];
  detectedFilters?: CampaignFilters;
  status: CampaignChatStatus;
  /** Ours, not the seed's: the tools whose results the answer drew on, each once, in the order first run. */
  toolsUsed: CampaignToolName[];
}

export interface CampaignToolOutcome {
  tool: CampaignToolName;
  args: Record<string, unknown>;
  result: CampaignToolResult;
}

const isToolResult = (output: unknown): output is CampaignToolResult =>
  typeof output === "object" && output !== null && "summary_for_llm" in output && "campaigns" in output;

export const outcomesOf = (runs: readonly ToolRun[]): CampaignToolOutcome[] =>
  runs.flatMap((run) =>
    run.status === "ok" && isToolResult(run.output)
      ? [
          {
            tool: run.tool as CampaignToolName,
            args: (run.arguments ?? {}) as Record<string, unknown>,
            result: run.output,
          },
        ]
      : [],
  );

/** The union of the filters the tools were called with (a later call's value wins). */
const detectedFiltersOf = (outcomes: readonly CampaignToolOutcome[]): CampaignFilters | undefined => {
  const merged = Object.assign({}, ...outcomes.map((o) => filtersOf(o.args))) as CampaignFilters;
  return Object.keys(merged).length > 0 ? merged : undefined;
};

const suggestionsFor = (outcome: CampaignToolOutcome | undefined): string[] => {
  if (!outcome || outcome.result.count === 0) {
    return [
      "Show me recent campaigns",
      "Which channels have the most campaigns?",
      "What are the most common offers?",
    ];
  }
  const suggestions = ["What are the offers in these campaigns?", "Break these down by channel"];
  suggestions.push(
    outcome.args.date_range === undefined
      ? "Show only the ones from last quarter"
      : "Which companies ran the most of these?",
  );
  return suggestions;
};

/** The answer of the offline chat and of a run that left no words: counts and the offers found. */
export const summariseOutcome = (outcome: CampaignToolOutcome | undefined): string => {
  if (!outcome) return "I found no campaigns for that.";
  const { result, tool } = outcome;
  if (result.count === 0) return "No campaigns matched. Try fewer filters or other words.";
  const how = {
    semantic_search: "closest in meaning",
    filter_campaigns: "matching",
    full_text_search: "whose copy matches",
  }[tool];
  const lines = [`Found ${result.count} campaign${result.count === 1 ? "" : "s"} ${how}.`];
  if (result.aggregation) {
    const top = result.aggregation.buckets.slice(0, 6).map((b) => `${b.value} (${b.count})`);
    lines.push(`By ${result.aggregation.group_by}: ${top.join(", ")}.`);
  }
  const offers = new Map<string, number>();
  for (const campaign of result.campaigns) {
    const offer = campaign.offer.trim();
    if (offer) offers.set(offer, (offers.get(offer) ?? 0) + 1);
  }
  if (offers.size > 0) {
    const top = [...offers].sort((a, b) => b[1] - a[1]).slice(0, 5);
    lines.push(
      `The main offers: ${top.map(([offer, n]) => (n > 1 ? `${offer} (${n})` : offer)).join("; ")}.`,
    );
  }
  const companies = [...new Set(result.campaigns.map((c) => c.company))].slice(0, 5);
  lines.push(`Companies include ${companies.join(", ")}.`);
  return lines.join(" ");
};

export const respond = (
  response: string,
  outcomes: readonly CampaignToolOutcome[],
  status: CampaignChatStatus,
): CampaignChatResponse => {
  // Cards come from the last tool result that returned campaigns (else the last result at all).
  const shown = [...outcomes].reverse().find((o) => o.result.campaigns.length > 0) ?? outcomes.at(-1);
  const aggregation = [...outcomes].reverse().find((o) => o.result.aggregation)?.result.aggregation;
  const detectedFilters = detectedFiltersOf(outcomes);
  return {
    response: response.trim() || summariseOutcome(shown),
    campaigns: shown?.result.campaigns ?? [],
    ...(aggregation ? { aggregation } : {}),
    ...(shown ? { total: shown.result.count } : {}),
    suggestions: suggestionsFor(shown),
    ...(detectedFilters ? { detectedFilters } : {}),
    status,
    toolsUsed: [...new Set(outcomes.map((o) => o.tool))],
  };
};
