import type { LlmPort } from "../../../core/llm/llm-port";
import { callPrompt } from "./llm-call";
import { buildResponseCrafterPrompt, type DraftEmail } from "./prompts";
import type { LlmCallMeta, ResponseCrafterInput } from "./types";

export interface CraftedResponse {
  /** The reply to the supplier, or null: an escalation has none (a person takes over), or the model failed. */
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
 * The response crafter (refactored response generator): drafts the reply for the orchestrator's decision.
 * Counter and clarify are written by the model (`generate_counter_offer`, `generate_clarification`);
 * an acceptance confirms the supplier's terms; an escalation has no reply. It never revisits the decision.
 */
export const craftResponse = async (llm: LlmPort, input: ResponseCrafterInput): Promise<CraftedResponse> => {
  switch (input.action) {
    case "escalate":
      return { draft: null, llm: null };
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
