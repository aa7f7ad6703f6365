import { z } from "zod";
import { AgentProcessResponseSchema, LeakCheckResultSchema } from "./agent-process-response";
import {
  ClassifiedInstructionsSchema,
  DraftEmailSchema,
  LlmCallMetaSchema,
  OrderContextSchema,
} from "./roles/types";

/** Ids the API makes: letters, digits, `_` and `-`, so they fit keys, execution names and URLs. */
export const NegotiationIdSchema = z.string().regex(/^neg_[A-Za-z0-9]{8,40}$/, "a negotiation id (neg_…)");
export const MessageIdSchema = z.string().regex(/^msg_\d{4}$/, "a message id (msg_0001)");

export const SupplierSchema = z.object({
  name: z.string().trim().min(1).max(200),
  company: z.string().trim().min(1).max(200).optional(),
  email: z.email().max(320).optional(),
});

export const REVIEW_DECISIONS = ["approve", "reject", "escalate"] as const;
export const ReviewDecisionSchema = z.enum(REVIEW_DECISIONS);
export type ReviewDecision = z.infer<typeof ReviewDecisionSchema>;

/** What a person decided about a draft; the workflow's AwaitReview step resumes with it. */
export const ReviewSchema = z.object({
  decision: ReviewDecisionSchema,
  text: z.string().trim().min(1).max(8000).optional(),
});
export type Review = z.infer<typeof ReviewSchema>;

export const OUTREACH_STATUSES = ["awaiting_review", "approved", "rejected"] as const;
export type OutreachStatus = (typeof OUTREACH_STATUSES)[number];

/**
 * The drafted first email to the supplier (seed 003's initial email), when the negotiation was opened
 * with `draftOutreach`: reviewed like any other draft; the approved text opens the thread.
 */
export const OutreachSchema = z.object({
  status: z.enum(OUTREACH_STATUSES),
  draft: DraftEmailSchema,
  /** `model` when the model wrote it, `template` offline or when the model failed (see `failure`). */
  draftedBy: z.enum(["model", "template"]),
  leakCheck: LeakCheckResultSchema,
  llm: LlmCallMetaSchema.nullable(),
  failure: z.object({ code: z.string(), message: z.string() }).nullable(),
  review: ReviewSchema.extend({ reviewedAt: z.string() }).nullable(),
  approvedReply: z.string().nullable(),
  draftedAt: z.string(),
});
export type Outreach = z.infer<typeof OutreachSchema>;

export const NegotiationSchema = z.object({
  negotiationId: NegotiationIdSchema,
  orderContext: OrderContextSchema,
  merchantInstructions: z.string().min(1).max(8000),
  supplier: SupplierSchema,
  /** Filled by the first message's classify step, reused by every later one. */
  classifiedInstructions: ClassifiedInstructionsSchema.nullable(),
  createdAt: z.string(),
  messageCount: z.number().int().nonnegative(),
  /** The drafted first email, when asked for; records from before it have none. */
  outreach: OutreachSchema.nullable().default(null),
});
export type Negotiation = z.infer<typeof NegotiationSchema>;

/** `interrupted`: the local stack stopped while it ran (marked at its next start); send the message again. */
export const MESSAGE_STATUSES = [
  "running",
  "awaiting_review",
  "approved",
  "rejected",
  "failed",
  "interrupted",
] as const;
export const MessageStatusSchema = z.enum(MESSAGE_STATUSES);
export type MessageStatus = z.infer<typeof MessageStatusSchema>;

export const SupplierMessageSchema = z.object({
  messageId: MessageIdSchema,
  sequence: z.number().int().positive(),
  supplierMessage: z.string().min(1).max(20000),
  receivedAt: z.string(),
  status: MessageStatusSchema,
  /** The workflow step in progress, while running. */
  step: z.string().nullable(),
  executionId: z.string().nullable(),
  /** The paused AwaitReview step's token (AWS) or its local stand-in; cleared once answered. */
  taskToken: z.string().nullable(),
  classifierCall: LlmCallMetaSchema.nullable(),
  classificationFailure: z.object({ code: z.string(), message: z.string() }).nullable(),
  response: AgentProcessResponseSchema.nullable(),
  review: ReviewSchema.extend({ reviewedAt: z.string() }).nullable(),
  /** The reply a person approved: the system's output, and part of the thread for the next email. */
  approvedReply: z.string().nullable(),
  failure: z.object({ error: z.string(), cause: z.string() }).nullable(),
});
export type SupplierMessage = z.infer<typeof SupplierMessageSchema>;
