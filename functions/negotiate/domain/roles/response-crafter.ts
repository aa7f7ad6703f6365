import type { LlmPort } from "../../../core/llm/llm-port";
import { wrapPromptData } from "../../../core/llm/prompt-data";
import { moneyMentions } from "../leak-check";
import { defineRole } from "./define-role";
import { historySection, json, SCHEMA_NAMES, section, UNTRUSTED_DATA_RULE } from "./role-prompt";
import { type DraftEmail, DraftEmailSchema, type LlmCallMeta, type ResponseCrafterInput } from "./types";

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
      const role = input.action === "counter" ? counterOfferRole : clarificationRole;
      const result = await role.call(llm, input);
      return result.ok
        ? { draft: result.value, llm: result.llm }
        : { draft: null, llm: result.llm, failure: result.failure };
    }
  }
};

// ---- Response crafter: the decision and what the email needs; no raw rules or triggers ----

/** A template slot a model left in ("[Your Name]", "[Company]", "{{supplier}}", "<insert date>"). */
const PLACEHOLDER =
  /\[[^\]\n]*\b(?:your|name|company|date|insert|recipient|title|phone|e-?mail|signature|contact|position|address)\b[^\]\n]*\]|\{\{[^}\n]*\}\}|<\s*(?:your|insert)\b[^>\n]*>/i;

export const SIGN_OFF_RULE =
  'Sign off with "Kind regards" and "Purchasing team", and never leave a placeholder such as [Your Name] or ' +
  "[Company]: the email is sent as written.";

/**
 * A draft checked for what would make it wrong to send: a template slot left in, or, for a counter, the
 * counter price not stated (a counter that proposes nothing). Asked again once naming it; a second such
 * draft is no draft, and the reviewer writes the reply.
 */
export const draftOutputFor = (counterPrice?: { value: number; currency: string }) =>
  DraftEmailSchema.superRefine((draft, ctx) => {
    for (const field of ["subject", "body"] as const) {
      const slot = draft[field].match(PLACEHOLDER)?.[0];
      if (slot) {
        ctx.addIssue({
          code: "custom",
          path: [field],
          message: `"${slot}" is a placeholder left in the email; write the email as it is sent (${SIGN_OFF_RULE})`,
        });
      }
    }
    if (
      counterPrice &&
      !moneyMentions(`${draft.subject}\n${draft.body}`).some((m) =>
        m.values.some((v) => Math.abs(v - counterPrice.value) < 0.005),
      )
    ) {
      ctx.addIssue({
        code: "custom",
        path: ["body"],
        message: `the counter price ${counterPrice.value.toFixed(2)} ${counterPrice.currency} per unit is not stated; a counter-offer proposes it`,
      });
    }
  });

/** What the model is told of the decision and the order; the raw rules and triggers are not in it. */
const draftSections = (input: ResponseCrafterInput) => [
  section("Decision", `${input.action}: ${input.reasoning}`),
  section(
    "What is being ordered",
    `SKU: ${input.orderContext.skuName} (supplier SKU ${input.orderContext.supplierSku}); quantity wanted: ${input.orderContext.quantityRequested}; currency: ${input.orderContext.currency}`,
  ),
  input.counterTerms ? section("Counter terms to propose", json(input.counterTerms)) : null,
  input.needsAnalysis
    ? section(
        "Questions to ask, most important first",
        input.needsAnalysis.prioritizedQuestions.map((q, i) => `${i + 1}. ${q}`).join("\n"),
      )
    : null,
  input.extractedData
    ? section("The supplier's terms so far", wrapPromptData("extracted_terms", json(input.extractedData)))
    : null,
  input.specialInstructions
    ? section(
        "Product specifications to state",
        wrapPromptData("special_instructions", input.specialInstructions),
      )
    : null,
  historySection(input.conversationHistory),
];

const DRAFT_ROLE =
  "You write emails to a supplier for a merchant's purchasing team. The decision is made; do not revisit " +
  "it. Write a short, courteous, professional reply in the language of the supplier's email.";

const NO_PROMISES =
  "Never promise anything the decision does not say (exclusivity, volumes, future orders, payment terms).";

/** Seed 003's counter-offer: proposes exactly the counter terms, and its price is checked to be in it. */
export const counterOfferRole = defineRole({
  schemaName: SCHEMA_NAMES.counterOffer,
  output: (input: ResponseCrafterInput) =>
    draftOutputFor(
      input.counterTerms?.targetPrice !== undefined
        ? { value: input.counterTerms.targetPrice, currency: input.orderContext.currency }
        : undefined,
    ),
  instructions: [
    DRAFT_ROLE,
    "Write a counter-offer proposing exactly the counter terms given. Never mention any other price, budget, " +
      "target or limit the merchant has.",
    NO_PROMISES,
    SIGN_OFF_RULE,
    UNTRUSTED_DATA_RULE,
  ],
  sections: draftSections,
});

/** Seed 003's clarification: asks the questions given, most important first, and proposes no price. */
export const clarificationRole = defineRole({
  schemaName: SCHEMA_NAMES.clarification,
  output: draftOutputFor(),
  instructions: [
    DRAFT_ROLE,
    "Write a request for clarification asking the questions given, most important first, and nothing else " +
      "of substance. Do not propose prices.",
    NO_PROMISES,
    SIGN_OFF_RULE,
    UNTRUSTED_DATA_RULE,
  ],
  sections: draftSections,
});
