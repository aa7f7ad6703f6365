import type { LlmPort } from "../../core/llm/llm-port";
import {
  escalationInputFor,
  extractionInputFor,
  type MessageContext,
  needsInputFor,
} from "./message-context";
import { createEscalationExpert } from "./roles/escalation";
import { createExtractionExpert } from "./roles/extraction";
import { createNeedsExpert } from "./roles/needs";
import type { ExpertName, ExpertOpinion } from "./roles/types";

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
