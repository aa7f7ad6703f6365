import { NotFoundError } from "../../core/errors";
import { formatConversationHistory, type ThreadEmail } from "./conversation-context";
import type { MessageContext } from "./message-context";
import type { Negotiation, SupplierMessage } from "./negotiation";
import type { NegotiationRepository } from "./ports/negotiation-repository";

/** A step's message with the context its experts see: the thread before it and the last extracted terms. */
export interface StepMessage {
  negotiation: Negotiation;
  message: SupplierMessage;
  context: MessageContext;
}

export const loadStepMessage = async (
  repository: NegotiationRepository,
  negotiationId: string,
  messageId: string,
): Promise<StepMessage> => {
  const negotiation = await repository.getNegotiation(negotiationId);
  if (!negotiation)
    throw new NotFoundError(`No negotiation ${negotiationId}`, { code: "negotiation_not_found" });
  const messages = await repository.listMessages(negotiationId);
  const message = messages.find((m) => m.messageId === messageId);
  if (!message) throw new NotFoundError(`No message ${messageId}`, { code: "message_not_found" });
  const earlier = messages
    .filter((m) => m.sequence < message.sequence)
    .sort((a, b) => a.sequence - b.sequence);
  const thread: ThreadEmail[] = [
    // The approved outreach opens the thread the experts read.
    ...(negotiation.outreach?.approvedReply
      ? [{ from: "merchant" as const, text: negotiation.outreach.approvedReply }]
      : []),
    ...earlier.flatMap((m) => [
      { from: "supplier" as const, text: m.supplierMessage },
      ...(m.approvedReply ? [{ from: "merchant" as const, text: m.approvedReply }] : []),
    ]),
  ];
  const history = formatConversationHistory(thread);
  const priorExtractedData = earlier
    .map((m) => m.response?.extraction?.extractedData ?? null)
    .filter((d) => d !== null)
    .at(-1);
  return {
    negotiation,
    message,
    context: {
      supplierMessage: message.supplierMessage,
      ...(history ? { conversationHistory: history } : {}),
      ...(priorExtractedData ? { priorExtractedData } : {}),
      orderContext: negotiation.orderContext,
      classifiedInstructions: negotiation.classifiedInstructions ?? {
        negotiationRules: "",
        escalationTriggers: "",
        specialInstructions: "",
      },
    },
  };
};
