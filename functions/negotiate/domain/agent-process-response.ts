import { z } from "zod";
import type { LeakCheckResult } from "./leak-check";
import { latestExtractedData } from "./message-context";
import {
  AgentActionSchema,
  CounterTermsSchema,
  DraftEmailSchema,
  type ExpertOpinion,
  ExpertOpinionSchema,
  ExtractionAnalysisSchema,
  type LlmCallMeta,
  LlmCallMetaSchema,
  type OrchestratorDecision,
  type OrchestratorTraceEntry,
  OrchestratorTraceEntrySchema,
} from "./roles/types";

export const LeakCheckResultSchema = z.object({
  blocked: z.boolean(),
  findings: z.array(
    z.object({
      kind: z.enum(["private_figure", "forbidden_promise"]),
      source: z.enum(["targetPrice", "lastKnownPrice", "instructions"]),
      subject: z.string(),
      excerpt: z.string(),
    }),
  ),
});

/**
 * How the decision came about: the orchestrator decided, or no model could (a person decides), or a
 * workflow step failed (a model that hung past the step's time, or any other error; a person decides).
 */
export const DECISION_SOURCES = [
  "orchestrator",
  "safety_valve",
  "model_unavailable",
  "classification_failed",
  "step_failed",
] as const;

/**
 * The result of processing one supplier email. The new fields (`expertOpinions`, `orchestratorTrace`,
 * totals) carry everything; the deprecated `extraction`, `policyEvaluation` and `responseGeneration`
 * are computed from them so callers of the earlier pipeline's shape keep working.
 */
export const AgentProcessResponseSchema = z.object({
  action: AgentActionSchema,
  reasoning: z.string(),
  counterTerms: CounterTermsSchema.nullable(),
  decidedBy: z.enum(DECISION_SOURCES),
  draft: DraftEmailSchema.nullable(),
  leakCheck: LeakCheckResultSchema.nullable(),
  expertOpinions: z.array(ExpertOpinionSchema),
  orchestratorTrace: z.array(OrchestratorTraceEntrySchema),
  llmCalls: z.array(LlmCallMetaSchema),
  totalLLMCalls: z.number().int().nonnegative(),
  totalInputTokens: z.number().int().nonnegative(),
  totalOutputTokens: z.number().int().nonnegative(),
  /** Sum of the calls' latencies (the parallel experts overlap, so this can exceed the wall time). */
  totalLatencyMs: z.number().nonnegative(),
  /** @deprecated the latest extraction opinion's analysis; read `expertOpinions`. */
  extraction: ExtractionAnalysisSchema.nullable(),
  /** @deprecated the final decision with the escalation expert's verdict; read `orchestratorTrace`. */
  policyEvaluation: z.object({
    action: AgentActionSchema,
    reasoning: z.string(),
    counterTerms: CounterTermsSchema.nullable(),
    shouldEscalate: z.boolean(),
    triggeredTriggers: z.array(z.string()),
  }),
  /** @deprecated the crafter's draft and how it went; read `draft` and `llmCalls`. */
  responseGeneration: z
    .object({
      schemaName: z.string().nullable(),
      draft: DraftEmailSchema.nullable(),
      success: z.boolean(),
      error: z.string().nullable(),
    })
    .nullable(),
});
export type AgentProcessResponse = z.infer<typeof AgentProcessResponseSchema>;

export interface ResponseParts {
  decision: OrchestratorDecision & { action: NonNullable<OrchestratorDecision["action"]> };
  decidedBy: AgentProcessResponse["decidedBy"];
  opinions: readonly ExpertOpinion[];
  trace: readonly OrchestratorTraceEntry[];
  draft: AgentProcessResponse["draft"];
  leakCheck: LeakCheckResult | null;
  /** The classifier's call when it ran for this email, and the crafter's when it called a model. */
  classifierCall?: LlmCallMeta | null;
  crafterCall?: LlmCallMeta | null;
  crafterFailure?: { code: string; message: string };
}

export const assembleAgentProcessResponse = (parts: ResponseParts): AgentProcessResponse => {
  // One source for the list and the totals: the calls that reached a model (a call refused before it
  // left, with no model configured, the breaker open or no time left, made no attempt and is no call).
  const calls = [
    ...(parts.classifierCall ? [parts.classifierCall] : []),
    ...parts.opinions.map((o) => o.llm),
    ...parts.trace.map((t) => t.llm),
    ...(parts.crafterCall ? [parts.crafterCall] : []),
  ].filter((c) => c.attempts > 0);
  const extraction = parts.opinions.filter((o) => o.expert === "extraction").at(-1);
  const escalation = parts.opinions
    .filter((o): o is Extract<ExpertOpinion, { expert: "escalation" }> => o.expert === "escalation")
    .at(-1)?.analysis;
  const { decision } = parts;
  const crafted =
    decision.action === "counter" || decision.action === "clarify" || decision.action === "accept";
  return {
    action: decision.action,
    reasoning: decision.reasoning,
    counterTerms: decision.action === "counter" ? decision.counterTerms : null,
    decidedBy: parts.decidedBy,
    draft: parts.draft,
    leakCheck: parts.leakCheck,
    expertOpinions: [...parts.opinions],
    orchestratorTrace: [...parts.trace],
    llmCalls: calls,
    totalLLMCalls: calls.length,
    totalInputTokens: calls.reduce((sum, c) => sum + c.inputTokens, 0),
    totalOutputTokens: calls.reduce((sum, c) => sum + c.outputTokens, 0),
    totalLatencyMs: calls.reduce((sum, c) => sum + c.latencyMs, 0),
    extraction:
      extraction?.expert === "extraction"
        ? { ...extraction.analysis, extractedData: latestExtractedData(parts.opinions) }
        : null,
    policyEvaluation: {
      action: decision.action,
      reasoning: decision.reasoning,
      counterTerms: decision.action === "counter" ? decision.counterTerms : null,
      shouldEscalate: decision.action === "escalate",
      triggeredTriggers: escalation?.triggeredTriggers ?? [],
    },
    responseGeneration: crafted
      ? {
          schemaName: parts.crafterCall?.schemaName ?? null,
          draft: parts.draft,
          success: parts.draft !== null,
          error: parts.crafterFailure?.message ?? null,
        }
      : null,
  };
};
