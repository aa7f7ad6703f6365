import { type RunAgentOptions, runAgent } from "../../../../core/agent";
import { isLlmFailure } from "../../../../core/llm/llm-errors";
import type { LlmPort } from "../../../../core/llm/llm-port";
import type { LoggerPort } from "../../../../core/logger-port";
import { parseOrThrow } from "../../../../core/validation";
import { campaignChatSystemPrompt } from "../campaign-chat-prompt";
import {
  type CampaignChatRequest,
  CampaignChatRequestSchema,
  type CampaignChatResponse,
  type CampaignToolOutcome,
  outcomesOf,
  respond,
  summariseOutcome,
} from "../campaign-chat-response";
import type { CampaignToolResult } from "../campaign-tool-result";
import {
  type CampaignToolDeps,
  createCampaignAgentTools,
  createCampaignToolRunner,
  TOOL_INPUTS,
} from "../campaign-tools";
import { tryNormaliseFilterArgs } from "../campaign-vocabulary";
import { routeMessage } from "../offline-router";

/** Seed 002: at most 5 tool-call iterations a request. */
export const CAMPAIGN_CHAT_MAX_ITERATIONS = 5;

export interface CampaignChatDeps {
  tools: CampaignToolDeps;
  llm: LlmPort;
  /** LLM_PROVIDER=none: the deterministic router answers without calling the model. */
  offline: boolean;
  deadline?: RunAgentOptions["deadline"];
  logger?: LoggerPort;
}

/** Whether the agent's tools found any campaign (what a run that ran out of time can still answer from). */
const foundAny = (outcomes: readonly CampaignToolOutcome[]): boolean =>
  outcomes.some((o) => o.result.count > 0);

/** The offline chat: one routed tool call and a summary of its result. */
const answerOffline = async (
  deps: CampaignChatDeps,
  request: CampaignChatRequest,
): Promise<CampaignChatResponse> => {
  const runner = createCampaignToolRunner(deps.tools, request);
  const routed = routeMessage(request.message, await deps.tools.campaigns.vocabulary());
  const args = TOOL_INPUTS[routed.tool].parse(routed.args) as Record<string, unknown>;
  const result = await (runner[routed.tool] as (input: unknown) => Promise<CampaignToolResult>)(args);
  const outcome: CampaignToolOutcome = { tool: routed.tool, args, result };
  return respond(summariseOutcome(outcome), [outcome], "offline");
};

/**
 * `POST /chat/campaigns` (seed 002): every request goes through the agent loop with the three tools, at
 * most 5 tool-calling turns; at the cap, a repeated call or the deadline, the user still gets an answer
 * from what was found. Campaign copy reaches the model only inside tool results (the data envelope).
 * Offline, when the model fails, or when the deadline ends the run before its tools found anything (a
 * model that is slow or never answers), the deterministic router answers instead, with status "offline":
 * the user never reads "I found no campaigns" where the offline chat finds some.
 */
export const runCampaignChat = async (
  deps: CampaignChatDeps,
  input: unknown,
): Promise<CampaignChatResponse> => {
  const request = parseOrThrow(CampaignChatRequestSchema, input, "campaign chat request");
  if (deps.offline) return answerOffline(deps, request);
  const runner = createCampaignToolRunner(deps.tools, request);
  const vocabulary = await deps.tools.campaigns.vocabulary();
  try {
    const result = await runAgent({
      llm: deps.llm,
      system: campaignChatSystemPrompt(deps.tools.now().toISOString().slice(0, 10), vocabulary),
      messages: [{ role: "user", content: request.message }],
      tools: createCampaignAgentTools(runner, vocabulary),
      maxIterations: CAMPAIGN_CHAT_MAX_ITERATIONS,
      ...(deps.deadline === undefined ? {} : { deadline: deps.deadline }),
      label: "campaign_chat",
      ...(deps.logger ? { logger: deps.logger } : {}),
    });
    // The filters the tools ran with: the model's near misses mapped onto the stored values.
    const outcomes = outcomesOf(result.toolRuns).map((o) => ({
      ...o,
      args: tryNormaliseFilterArgs(o.args, vocabulary),
    }));
    if (result.status === "deadline" && !foundAny(outcomes)) {
      deps.logger?.warn("campaign chat: the model ran out of time; answering offline", {
        iterations: result.iterations,
      });
      return answerOffline(deps, request);
    }
    return respond(result.answer, outcomes, result.status);
  } catch (error) {
    if (!isLlmFailure(error)) throw error;
    deps.logger?.warn("campaign chat: the model failed; answering offline", { code: error.code });
    return answerOffline(deps, request);
  }
};
