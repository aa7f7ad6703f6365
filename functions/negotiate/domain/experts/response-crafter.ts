import type { LlmPort } from "../../../core/llm/llm-port";
import { callPrompt } from "./llm-call";
import { buildResponseCrafterPrompt, type DraftEmail } from "./prompts";
import type { LlmCallMeta, ResponseCrafterInput } from "./types";

export interface CraftedResponse {
  /** The reply to the supplier (an escalation's is a holding reply), or null when the crafter's model failed. */
  draft: DraftEmail | null;
  /** The crafter's model call, when there was one (counter, clarify). */
  llm: LlmCallMeta | null;
  failure?: { code: string; message: string };
}

const formatPrice = (price: number, currency: string): string => `${price.toFixed(2)} ${currency}`;

/**
 * An acceptance confirms the supplier's own terms back to them; nothing in it needs a model, and writing
 * it from the extracted terms cannot leak anything the supplier did not say.
 */
const acceptanceDraft = (input: ResponseCrafterInput): DraftEmail => {
  const data = input.extractedData;
  const terms = [
    data?.unitPrice != null
      ? `unit price ${formatPrice(data.unitPrice, data.currency ?? input.orderContext.currency)}`
      : null,
    data?.quantity != null ? `quantity ${data.quantity}` : `quantity ${input.orderContext.quantityRequested}`,
    data?.leadTimeDays != null ? `lead time ${data.leadTimeDays} days` : null,
    data?.paymentTerms ? `payment terms: ${data.paymentTerms}` : null,
  ].filter((t): t is string => t !== null);
  return {
    subject: `Order confirmation: ${input.orderContext.skuName} (${input.orderContext.supplierSku})`,
    body: [
      "Hello,",
      `Thank you for your offer. We accept it on the terms you stated: ${terms.join("; ")}.`,
      ...(input.specialInstructions ? [`Please note: ${input.specialInstructions}`] : []),
      "We will follow up with the purchase order.",
      "Kind regards",
    ].join("\n\n"),
  };
};

/**
 * An escalation's draft: a holding reply that says a person will answer, with no figure, term or
 * decision in it (so it cannot leak or commit to anything). The reviewer approves it as is, edits it,
 * or writes the answer; it is what "approve" means when no model could decide (offline, a model that
 * failed or hung).
 */
export const holdingReplyDraft = (input: Pick<ResponseCrafterInput, "orderContext">): DraftEmail => ({
  subject: `Re: ${input.orderContext.skuName} (${input.orderContext.supplierSku})`,
  body: [
    "Hello,",
    `Thank you for your message about ${input.orderContext.skuName}. We are reviewing it and will come back to you shortly.`,
    "Kind regards",
  ].join("\n\n"),
});

/**
 * The response crafter (refactored response generator): drafts the reply for the orchestrator's decision.
 * Counter and clarify are written by the model (`generate_counter_offer`, `generate_clarification`);
 * an acceptance confirms the supplier's terms; an escalation gets a holding reply (a person takes over).
 * It never revisits the decision.
 */
export const craftResponse = async (llm: LlmPort, input: ResponseCrafterInput): Promise<CraftedResponse> => {
  switch (input.action) {
    case "escalate":
      return { draft: holdingReplyDraft(input), llm: null };
    case "accept":
      return { draft: acceptanceDraft(input), llm: null };
    case "counter":
    case "clarify": {
      const result = await callPrompt(llm, buildResponseCrafterPrompt({ ...input, action: input.action }));
      return result.ok
        ? { draft: result.value, llm: result.llm }
        : { draft: null, llm: result.llm, failure: result.failure };
    }
  }
};
