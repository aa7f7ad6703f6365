import { type ProcessedEmail, startLocalNegotiation } from "../../../dev/negotiate/local-negotiation";
import type { LlmPort } from "../../../functions/core/llm/llm-port";
import type { ClassifiedInstructions } from "../../../functions/negotiate/domain/roles/types";
import { merchantInstructions, orderContext, supplierEmail } from "./negotiation-fixtures";

/**
 * One supplier email through the negotiation workflow (statemachines/negotiation.asl.json in the local ASL
 * runner, each Task bound to the Lambdas' step handlers), up to the review it waits on.
 */
export const runNegotiationWorkflow = async (
  llm: LlmPort,
  options: { supplierMessage?: string; classifiedInstructions?: ClassifiedInstructions } = {},
): Promise<ProcessedEmail & { response: NonNullable<ProcessedEmail["response"]> }> => {
  const negotiation = await startLocalNegotiation(llm, {
    orderContext,
    merchantInstructions,
    ...(options.classifiedInstructions ? { classifiedInstructions: options.classifiedInstructions } : {}),
  });
  try {
    const processed = await negotiation.receive(options.supplierMessage ?? supplierEmail);
    if (!processed.response) throw new Error(`The workflow ended without a response: ${processed.steps}`);
    return { ...processed, response: processed.response };
  } finally {
    await negotiation.stop();
  }
};
