import type { AgentProcessResponse } from "../../functions/negotiate/domain/agent-process-response";
import type { ExpertOpinion } from "../../functions/negotiate/domain/roles/types";

const indent = (text: string, by = "    "): string =>
  text
    .split("\n")
    .map((line) => `${by}${line}`)
    .join("\n");

const opinionSummary = (opinion: ExpertOpinion): string => {
  if (opinion.failure) return `failed (${opinion.failure.code}): ${opinion.failure.message}`;
  switch (opinion.expert) {
    case "extraction": {
      const d = opinion.analysis.extractedData;
      return d
        ? `price=${d.unitPrice ?? "?"} ${d.currency ?? ""} qty=${d.quantity ?? "?"} lead=${d.leadTimeDays ?? "?"}d terms=${d.paymentTerms ?? "?"} confidence=${opinion.analysis.confidence}${opinion.analysis.notes ? ` notes: ${opinion.analysis.notes}` : ""}`
        : `nothing extracted (confidence ${opinion.analysis.confidence})`;
    }
    case "escalation":
      return opinion.analysis
        ? `shouldEscalate=${opinion.analysis.shouldEscalate} severity=${opinion.analysis.severity} triggered=[${opinion.analysis.triggeredTriggers.join("; ")}]: ${opinion.analysis.reasoning}`
        : "no analysis";
    case "needs":
      return opinion.analysis
        ? `missing=[${opinion.analysis.missingFields.join(", ")}] ask: ${opinion.analysis.prioritizedQuestions.join(" | ")}`
        : "no analysis";
  }
};

/** The expert opinions, the orchestrator trace, the draft and the leak check, as text for a terminal. */
export const formatVerbose = (response: AgentProcessResponse): string => {
  const lines: string[] = ["  expert opinions:"];
  for (const opinion of response.expertOpinions) {
    const asked = opinion.question ? ` (asked: ${opinion.question})` : "";
    lines.push(`    - ${opinion.expert}${asked}: ${opinionSummary(opinion)}`);
  }
  lines.push("  orchestrator trace:");
  for (const entry of response.orchestratorTrace) {
    const d = entry.decision;
    lines.push(
      d.readyToAct
        ? `    ${entry.iteration}. ${d.action}${d.counterTerms ? ` ${JSON.stringify(d.counterTerms)}` : ""}: ${d.reasoning}`
        : `    ${entry.iteration}. ask ${d.nextExpert}: ${d.questionForExpert ?? ""} (${d.reasoning})`,
    );
  }
  lines.push(`  decided by: ${response.decidedBy}: ${response.reasoning}`);
  if (response.draft) {
    lines.push(`  draft: ${response.draft.subject}`, indent(response.draft.body));
  } else {
    lines.push("  draft: none (a person takes over)");
  }
  if (response.leakCheck?.blocked) {
    lines.push("  LEAK CHECK BLOCKED THE DRAFT:");
    for (const f of response.leakCheck.findings) lines.push(`    - ${f.kind} (${f.source}): "${f.excerpt}"`);
  }
  return lines.join("\n");
};

export const formatTotals = (response: AgentProcessResponse, wallMs: number): string =>
  `${response.totalLLMCalls} LLM calls, ${response.totalInputTokens + response.totalOutputTokens} tokens, ${(wallMs / 1000).toFixed(1)} s`;
