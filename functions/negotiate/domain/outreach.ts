import type { LlmPort } from "../../core/llm/llm-port";
import { wrapPromptData } from "../../core/llm/prompt-data";
import { checkDraftForLeaks } from "./leak-check";
import type { Negotiation, Outreach } from "./negotiation";
import { defineRole } from "./roles/define-role";
import { draftOutputFor, SIGN_OFF_RULE } from "./roles/response-crafter";
import { SCHEMA_NAMES, section, UNTRUSTED_DATA_RULE } from "./roles/role-prompt";
import type { DraftEmail } from "./roles/types";

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
  const result = llm ? await initialEmailRole.call(llm, input) : null;
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

/** What the first email to a supplier may say: what is ordered and who to, never a merchant figure or rule. */
export interface InitialEmailInput {
  orderContext: { skuName: string; supplierSku: string; quantityRequested: string; currency: string };
  supplier: { name: string; company?: string | undefined };
}

/** Seed 003's initial email: the first message to the supplier, asking for a quote. */
export const initialEmailRole = defineRole({
  schemaName: SCHEMA_NAMES.initialEmail,
  output: draftOutputFor(),
  instructions: [
    "You write the first email from a merchant's purchasing team to a supplier: a short, courteous request " +
      "for a quote for the order given. Ask for the unit price, the lead time and the payment terms for the " +
      "quantity wanted.",
    "Never propose or mention a price, budget, target or limit, and promise nothing (exclusivity, volumes, " +
      "future orders, payment terms).",
    SIGN_OFF_RULE,
    UNTRUSTED_DATA_RULE,
  ],
  sections: (input: InitialEmailInput) => [
    section(
      "What is being ordered",
      `SKU: ${input.orderContext.skuName} (supplier SKU ${input.orderContext.supplierSku}); quantity wanted: ${input.orderContext.quantityRequested}; currency: ${input.orderContext.currency}`,
    ),
    section(
      "Supplier",
      wrapPromptData(
        "supplier",
        input.supplier.company ? `${input.supplier.name}, ${input.supplier.company}` : input.supplier.name,
      ),
    ),
  ],
});
