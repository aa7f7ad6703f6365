import { z } from "zod";
import { ConflictError, DomainRefusedError, NotFoundError } from "../../core/errors";
import type { LlmPort } from "../../core/llm/llm-port";
import type { WorkflowPort } from "../../core/workflow/workflow-port";
import type { AgentProcessResponse } from "./agent-process-response";
import type { DraftEmail } from "./experts/prompts";
import { type ExpertOpinion, type OrchestratorTraceEntry, OrderContextSchema } from "./experts/types";
import {
  type Negotiation,
  type Outreach,
  type Review,
  type SupplierMessage,
  SupplierSchema,
} from "./negotiation";
import { draftOutreach } from "./outreach";
import type { NegotiationRepository } from "./ports/negotiation-repository";

/** The workflow that processes one supplier email (lib/areas/negotiate.ts). */
export const NEGOTIATION_WORKFLOW = "negotiation";

export interface NegotiationDeps {
  tenant: string;
  /** The model for the outreach draft, bounded by the request's deadline; absent, the template drafts it. */
  llm?: LlmPort;
  repository: NegotiationRepository;
  workflows: WorkflowPort;
  now: () => Date;
  newNegotiationId: () => string;
}

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

/**
 * A person's review of the outreach draft, with the rules of any draft: approve (the draft, or the
 * reviewer's text; a draft the leak check blocked needs text), reject or escalate; the same review again
 * answers its earlier outcome, a different one is 409 `outreach_already_reviewed`.
 */
export const reviewOutreach = async (
  deps: NegotiationDeps,
  negotiationId: string,
  review: Review,
): Promise<{ negotiationId: string; decision: Review["decision"]; alreadyDecidedAt?: string }> => {
  const negotiation = await negotiationOrThrow(deps, negotiationId);
  const earlier = (outreach: Outreach) => {
    if (!outreach.review) return null;
    if (outreach.review.decision !== review.decision || outreach.review.text !== review.text) {
      throw new ConflictError("The outreach draft was already reviewed differently", {
        code: "outreach_already_reviewed",
        details: { decision: outreach.review.decision, reviewedAt: outreach.review.reviewedAt },
      });
    }
    return {
      negotiationId,
      decision: outreach.review.decision,
      alreadyDecidedAt: outreach.review.reviewedAt,
    };
  };
  const { outreach } = negotiation;
  if (!outreach) {
    throw new NotFoundError(`Negotiation ${negotiationId} has no outreach draft`, {
      code: "outreach_not_found",
    });
  }
  const answered = earlier(outreach);
  if (answered) return answered;
  if (review.decision === "approve" && review.text === undefined && outreach.leakCheck.blocked) {
    throw new DomainRefusedError("The draft was blocked by the leak check; approve it with corrected text", {
      code: "draft_blocked",
      details: { findings: outreach.leakCheck.findings },
    });
  }
  const reviewedAt = deps.now().toISOString();
  const saved = await deps.repository.updateNegotiation(negotiationId, (n) =>
    !n.outreach || n.outreach.review
      ? n
      : {
          ...n,
          outreach: {
            ...n.outreach,
            status: review.decision === "approve" ? "approved" : "rejected",
            review: { ...review, reviewedAt },
            approvedReply: review.decision === "approve" ? (review.text ?? n.outreach.draft.body) : null,
          },
        },
  );
  if (saved.outreach && saved.outreach.review?.reviewedAt !== reviewedAt) {
    const other = earlier(saved.outreach);
    if (other) return other;
  }
  return { negotiationId, decision: review.decision };
};

const negotiationOrThrow = async (deps: NegotiationDeps, negotiationId: string): Promise<Negotiation> => {
  const negotiation = await deps.repository.getNegotiation(negotiationId);
  if (!negotiation) {
    throw new NotFoundError(`No negotiation ${negotiationId}`, { code: "negotiation_not_found" });
  }
  return negotiation;
};

const messageOrThrow = async (deps: NegotiationDeps, negotiationId: string, messageId: string) => {
  await negotiationOrThrow(deps, negotiationId);
  const message = await deps.repository.getMessage(negotiationId, messageId);
  if (!message)
    throw new NotFoundError(`No message ${messageId} in ${negotiationId}`, { code: "message_not_found" });
  return message;
};

/** One entry of the thread: an email from the supplier with what became of it, or a reply a person approved. */
export type ThreadEntry =
  | {
      direction: "from_supplier";
      messageId: string;
      text: string;
      at: string;
      status: SupplierMessage["status"];
      action: AgentProcessResponse["action"] | null;
      reasoning: string | null;
    }
  | { direction: "to_supplier"; inReplyTo: string | null; text: string; at: string };

export interface NegotiationView {
  negotiationId: string;
  orderContext: Negotiation["orderContext"];
  supplier: Negotiation["supplier"];
  createdAt: string;
  /** The outreach draft and its review, when the negotiation was opened with one. */
  outreach: Outreach | null;
  thread: ThreadEntry[];
}

export const getNegotiation = async (
  deps: NegotiationDeps,
  negotiationId: string,
): Promise<NegotiationView> => {
  const negotiation = await negotiationOrThrow(deps, negotiationId);
  const messages = (await deps.repository.listMessages(negotiationId)).sort(
    (a, b) => a.sequence - b.sequence,
  );
  return {
    negotiationId,
    orderContext: negotiation.orderContext,
    supplier: negotiation.supplier,
    createdAt: negotiation.createdAt,
    outreach: negotiation.outreach,
    thread: [
      // The approved outreach opens the thread (it answers no email).
      ...(negotiation.outreach?.approvedReply && negotiation.outreach.review
        ? [
            {
              direction: "to_supplier" as const,
              inReplyTo: null,
              text: negotiation.outreach.approvedReply,
              at: negotiation.outreach.review.reviewedAt,
            },
          ]
        : []),
      ...messages.flatMap((m): ThreadEntry[] => [
        {
          direction: "from_supplier",
          messageId: m.messageId,
          text: m.supplierMessage,
          at: m.receivedAt,
          status: m.status,
          action: m.response?.action ?? null,
          reasoning: m.response?.reasoning ?? null,
        },
        ...(m.approvedReply && m.review
          ? [
              {
                direction: "to_supplier" as const,
                inReplyTo: m.messageId,
                text: m.approvedReply,
                at: m.review.reviewedAt,
              },
            ]
          : []),
      ]),
    ],
  };
};

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
  try {
    const { executionId } = await deps.workflows.start(
      NEGOTIATION_WORKFLOW,
      { tenant: deps.tenant, negotiationId, messageId: message.messageId },
      { executionName: `${negotiationId}-${message.messageId}` },
    );
    await deps.repository.updateMessage(negotiationId, message.messageId, (m) => ({ ...m, executionId }));
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
  return { messageId: message.messageId };
};

export interface MessageView {
  negotiationId: string;
  messageId: string;
  supplierMessage: string;
  receivedAt: string;
  status: SupplierMessage["status"];
  step: string | null;
  response: AgentProcessResponse | null;
  draft: DraftEmail | null;
  draftBlocked: boolean;
  /** While running: the opinions and orchestrator rounds stored so far. */
  progress: { expertOpinions: ExpertOpinion[]; orchestratorTrace: OrchestratorTraceEntry[] };
  review: SupplierMessage["review"];
  approvedReply: string | null;
  failure: SupplierMessage["failure"];
}

export const getMessage = async (
  deps: NegotiationDeps,
  negotiationId: string,
  messageId: string,
): Promise<MessageView> => {
  const message = await messageOrThrow(deps, negotiationId, messageId);
  const [expertOpinions, orchestratorTrace] = message.response
    ? [message.response.expertOpinions, message.response.orchestratorTrace]
    : await Promise.all([
        deps.repository.listOpinions(negotiationId, messageId),
        deps.repository.listTrace(negotiationId, messageId),
      ]);
  return {
    negotiationId,
    messageId,
    supplierMessage: message.supplierMessage,
    receivedAt: message.receivedAt,
    status: message.status,
    step: message.step,
    response: message.response,
    draft: message.response?.draft ?? null,
    draftBlocked: message.response?.leakCheck?.blocked ?? false,
    progress: { expertOpinions, orchestratorTrace },
    review: message.review,
    approvedReply: message.approvedReply,
    failure: message.failure,
  };
};

/** What a review answers: the decision, and when it was already decided, when (nothing happened again). */
export interface ReviewOutcome {
  messageId: string;
  decision: Review["decision"];
  alreadyDecidedAt?: string;
}

const sameReview = (a: Review, b: Review): boolean => a.decision === b.decision && a.text === b.text;

/** The decision recorded on a message, or the same one again (its earlier outcome), else a 409. */
const earlierOutcome = (message: SupplierMessage, review: Review): ReviewOutcome | null => {
  if (!message.review) return null;
  if (!sameReview(message.review, review)) {
    throw new ConflictError(`Message ${message.messageId} was already reviewed differently`, {
      code: "message_already_reviewed",
      details: { decision: message.review.decision, reviewedAt: message.review.reviewedAt },
    });
  }
  return {
    messageId: message.messageId,
    decision: message.review.decision,
    alreadyDecidedAt: message.review.reviewedAt,
  };
};

const notAwaiting = (message: SupplierMessage): ConflictError =>
  new ConflictError(`Message ${message.messageId} is ${message.status}, not awaiting review`, {
    code: "message_not_awaiting_review",
    details: { status: message.status },
  });

const refuseApprovalWithoutReply = (message: SupplierMessage, review: Review): void => {
  if (review.decision !== "approve" || review.text !== undefined) return;
  if (!message.response?.draft) {
    throw new DomainRefusedError("There is no drafted reply to approve; send the reply as text", {
      code: "reply_required",
    });
  }
  if (message.response.leakCheck?.blocked) {
    throw new DomainRefusedError("The draft was blocked by the leak check; approve it with corrected text", {
      code: "draft_blocked",
      details: { findings: message.response.leakCheck.findings },
    });
  }
};

/**
 * A person's review: approve (with the edited reply, or the draft as is), reject, or escalate (a person
 * takes the thread over). A message awaiting review resumes its paused workflow; a message whose workflow
 * failed (for any reason) is answered here directly, so no supplier is left without a possible answer.
 * A draft the leak check blocked can only be approved with the reviewer's own text, and a message with no
 * draft (a failed workflow's) needs text to be approved. The same review sent again answers its earlier
 * outcome (`alreadyDecidedAt`, nothing happens twice); a different one after it is 409
 * `message_already_reviewed`.
 */
export const reviewMessage = async (
  deps: NegotiationDeps,
  negotiationId: string,
  messageId: string,
  review: Review,
): Promise<ReviewOutcome> => {
  const message = await messageOrThrow(deps, negotiationId, messageId);
  const earlier = earlierOutcome(message, review);
  if (earlier) return earlier;
  if (message.status === "failed") {
    refuseApprovalWithoutReply(message, review);
    const reviewedAt = deps.now().toISOString();
    const saved = await deps.repository.updateMessage(negotiationId, messageId, (m) => {
      if (m.review || m.status !== "failed") return m;
      return {
        ...m,
        status: review.decision === "approve" ? "approved" : "rejected",
        step: null,
        taskToken: null,
        review: { ...review, reviewedAt },
        approvedReply:
          review.decision === "approve" ? (review.text ?? m.response?.draft?.body ?? null) : null,
      };
    });
    if (saved.review?.reviewedAt !== reviewedAt) {
      // Another review answered it meanwhile.
      const answered = earlierOutcome(saved, review);
      if (answered) return answered;
      throw notAwaiting(saved);
    }
    return { messageId, decision: review.decision };
  }
  if (message.status !== "awaiting_review" || !message.taskToken) throw notAwaiting(message);
  refuseApprovalWithoutReply(message, review);
  try {
    await deps.workflows.sendTaskSuccess(message.taskToken, review);
  } catch (error) {
    // Another review answered the task a moment ago: the same one is that outcome, a different one a 409.
    if (error instanceof ConflictError) {
      const now = await messageOrThrow(deps, negotiationId, messageId);
      const answered = earlierOutcome(now, review);
      if (answered) return answered;
    }
    throw error;
  }
  // Recorded at once (the Save step keeps this time), so the same review sent again finds it.
  const reviewedAt = deps.now().toISOString();
  await deps.repository.updateMessage(negotiationId, messageId, (m) =>
    m.review ? m : { ...m, review: { ...review, reviewedAt } },
  );
  return { messageId, decision: review.decision };
};
