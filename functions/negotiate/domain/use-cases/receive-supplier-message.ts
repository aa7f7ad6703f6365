import { ConflictError, DomainRefusedError } from "../../../core/errors";
import type { SupplierMessage } from "../negotiation";
import { NEGOTIATION_WORKFLOW, type NegotiationDeps } from "../negotiation-deps";
import { negotiationOrThrow } from "../negotiation-lookups";

const messageIdFor = (sequence: number): string => `msg_${String(sequence).padStart(4, "0")}`;

/** The most messages one negotiation takes (the message id has four digits). */
export const MAX_MESSAGES_PER_NEGOTIATION = 9999;

/**
 * Stores the supplier's email and starts its workflow. One email at a time per thread: the next one
 * needs the previous reply's review, so its history is complete (409 `message_in_progress` otherwise).
 */
export const receiveSupplierMessage = async (
  deps: NegotiationDeps,
  negotiationId: string,
  supplierMessage: string,
): Promise<{ messageId: string }> => {
  const negotiation = await negotiationOrThrow(deps, negotiationId);
  if (negotiation.outreach?.status === "awaiting_review") {
    throw new ConflictError("The outreach draft awaits review; review it first", {
      code: "outreach_awaiting_review",
    });
  }
  const messages = await deps.repository.listMessages(negotiationId);
  const pending = messages.find((m) => m.status === "running" || m.status === "awaiting_review");
  if (pending) {
    throw new ConflictError(`Message ${pending.messageId} is still ${pending.status}; review it first`, {
      code: "message_in_progress",
      details: { messageId: pending.messageId, status: pending.status },
    });
  }
  const sequence = negotiation.messageCount + 1;
  if (sequence > MAX_MESSAGES_PER_NEGOTIATION) {
    throw new DomainRefusedError("This negotiation has reached its message limit", {
      code: "too_many_messages",
    });
  }
  const message: SupplierMessage = {
    messageId: messageIdFor(sequence),
    sequence,
    supplierMessage,
    receivedAt: deps.now().toISOString(),
    status: "running",
    step: "starting",
    executionId: null,
    taskToken: null,
    classifierCall: null,
    classificationFailure: null,
    response: null,
    review: null,
    approvedReply: null,
    failure: null,
  };
  await deps.repository.addMessage(negotiation, message);
  let executionId: string;
  try {
    ({ executionId } = await deps.workflows.start(
      NEGOTIATION_WORKFLOW,
      { tenant: deps.tenant, negotiationId, messageId: message.messageId },
      { executionName: `${negotiationId}-${message.messageId}` },
    ));
  } catch (error) {
    // The email is kept, marked failed with the reason, so nothing the client sent is lost or half-done.
    await deps.repository.updateMessage(negotiationId, message.messageId, (m) => ({
      ...m,
      status: "failed",
      step: null,
      failure: {
        error: "WorkflowStartFailed",
        cause: error instanceof Error ? error.message : String(error),
      },
    }));
    throw error;
  }
  // The workflow runs from here and writes the message itself (its steps): recording the execution races
  // those writes (the repository retries a lost one), and never marks a started workflow's message failed.
  await deps.repository.updateMessage(negotiationId, message.messageId, (m) => ({ ...m, executionId }));
  return { messageId: message.messageId };
};
