import { NotFoundError } from "../../core/errors";
import type { Negotiation } from "./negotiation";
import type { NegotiationDeps } from "./negotiation-deps";

/** The negotiation a request names, or 404 `negotiation_not_found`. */
export const negotiationOrThrow = async (
  deps: NegotiationDeps,
  negotiationId: string,
): Promise<Negotiation> => {
  const negotiation = await deps.repository.getNegotiation(negotiationId);
  if (!negotiation) {
    throw new NotFoundError(`No negotiation ${negotiationId}`, { code: "negotiation_not_found" });
  }
  return negotiation;
};

/** The message a request names in its negotiation, or 404 naming whichever of the two is missing. */
export const messageOrThrow = async (deps: NegotiationDeps, negotiationId: string, messageId: string) => {
  await negotiationOrThrow(deps, negotiationId);
  const message = await deps.repository.getMessage(negotiationId, messageId);
  if (!message)
    throw new NotFoundError(`No message ${messageId} in ${negotiationId}`, { code: "message_not_found" });
  return message;
};
