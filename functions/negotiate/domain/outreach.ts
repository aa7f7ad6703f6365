import type { LlmPort } from "../../core/llm/llm-port";
import { callPrompt } from "./experts/llm-call";
import { buildInitialEmailPrompt, type DraftEmail, type InitialEmailInput } from "./experts/prompts";
import { checkDraftForLeaks } from "./leak-check";
import type { Negotiation, Outreach } from "./negotiation";

/** The first email without a model: what is ordered and what we ask for, nothing private. */
export const templateInitialEmail = (input: InitialEmailInput): DraftEmail => ({
  subject: `Quote request: ${input.orderContext.skuName} (${input.orderContext.supplierSku})`,
  body: [
    `Hello ${input.supplier.name},`,
    `We would like to order ${input.orderContext.quantityRequested} of ${input.orderContext.skuName} (your SKU ${input.orderContext.supplierSku}). ` +
      `Could you send us your quote: the unit price in ${input.orderContext.currency}, the lead time and your payment terms?`,
    "Kind regards",
  ].join("\n\n"),
});

/**
 * Drafts seed 003's initial email for a negotiation: the model writes it (given only what is ordered and
 * who to), or, offline or when the model fails, the template. The leak check reads it like any draft.
 */
export const draftOutreach = async (
  llm: LlmPort | undefined,
  negotiation: Pick<Negotiation, "orderContext" | "supplier" | "merchantInstructions">,
  now: Date,
): Promise<Outreach> => {
  const input: InitialEmailInput = {
    orderContext: {
      skuName: negotiation.orderContext.skuName,
      supplierSku: negotiation.orderContext.supplierSku,
      quantityRequested: negotiation.orderContext.quantityRequested,
      currency: negotiation.orderContext.currency,
    },
    supplier: { name: negotiation.supplier.name, company: negotiation.supplier.company },
  };
  const result = llm ? await callPrompt(llm, buildInitialEmailPrompt(input)) : null;
  const draft = result?.ok ? result.value : templateInitialEmail(input);
  return {
    status: "awaiting_review",
    draft,
    draftedBy: result?.ok ? "model" : "template",
    leakCheck: checkDraftForLeaks({
      draft,
      orderContext: negotiation.orderContext,
      merchantInstructions: negotiation.merchantInstructions,
    }),
    llm: result && result.llm.attempts > 0 ? result.llm : null,
    failure: result && !result.ok ? result.failure : null,
    review: null,
    approvedReply: null,
    draftedAt: now.toISOString(),
  };
};
