import { z } from "zod";
import { type Negotiation, type Outreach, SupplierSchema } from "../negotiation";
import type { NegotiationDeps } from "../negotiation-deps";
import { draftOutreach } from "../outreach";
import { OrderContextSchema } from "../roles/types";

export const CreateNegotiationInputSchema = z.object({
  orderContext: OrderContextSchema,
  merchantInstructions: z.string().trim().min(1).max(8000),
  supplier: SupplierSchema,
  /**
   * Draft the first email to the supplier (seed 003's initial email) for a person to review like any
   * other draft (`POST /negotiations/{id}/outreach/review`); the approved text opens the thread.
   */
  draftOutreach: z.boolean().optional(),
});
export type CreateNegotiationInput = z.infer<typeof CreateNegotiationInputSchema>;

export const createNegotiation = async (
  deps: NegotiationDeps,
  input: CreateNegotiationInput,
): Promise<{ negotiationId: string; outreach: Outreach | null }> => {
  const { draftOutreach: wantsOutreach, ...fields } = input;
  const now = deps.now();
  const negotiation: Negotiation = {
    negotiationId: deps.newNegotiationId(),
    ...fields,
    classifiedInstructions: null,
    createdAt: now.toISOString(),
    messageCount: 0,
    outreach: wantsOutreach ? await draftOutreach(deps.llm, fields, now) : null,
  };
  await deps.repository.createNegotiation(negotiation);
  return { negotiationId: negotiation.negotiationId, outreach: negotiation.outreach };
};
