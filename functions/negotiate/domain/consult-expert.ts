import type { LlmPort } from "../../core/llm/llm-port";
import { createEscalationExpert } from "./experts/escalation";
import { createExtractionExpert } from "./experts/extraction";
import { createNeedsExpert } from "./experts/needs";
import type { ExpertName, ExpertOpinion } from "./experts/types";
import {
  escalationInputFor,
  extractionInputFor,
  type MessageContext,
  needsInputFor,
} from "./message-context";

/** Calls one expert with its tailored input; the workflow's consult steps (and the benchmark's first round). */
export const consultExpert = (
  llm: LlmPort,
  expert: ExpertName,
  context: MessageContext,
  opinions: readonly ExpertOpinion[],
  question: string | null,
): Promise<ExpertOpinion> => {
  switch (expert) {
    case "extraction":
      return createExtractionExpert(llm).analyze(extractionInputFor(context, question));
    case "escalation":
      return createEscalationExpert(llm).analyze(escalationInputFor(context, opinions, question));
    case "needs":
      return createNeedsExpert(llm).analyze(needsInputFor(context, opinions, question));
  }
};
