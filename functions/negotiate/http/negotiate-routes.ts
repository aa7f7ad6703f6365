import { z } from "@hono/zod-openapi";
import {
  bearerAuth,
  defineRoute,
  errorResponses,
  jsonBody,
  jsonResponse,
} from "../../core/http/route-helpers";
import { AgentProcessResponseSchema } from "../domain/agent-process-response";
import {
  MESSAGE_STATUSES,
  MessageIdSchema,
  MessageStatusSchema,
  NegotiationIdSchema,
  OUTREACH_STATUSES,
  OutreachSchema,
  ReviewSchema,
  SupplierSchema,
} from "../domain/negotiation";
import {
  AgentActionSchema,
  DraftEmailSchema,
  ExpertOpinionSchema,
  OrchestratorTraceEntrySchema,
} from "../domain/roles/types";
import { CreateNegotiationInputSchema } from "../domain/use-cases/create-negotiation";

/** The negotiate area's routes (seed 003), all behind the JWT authorizer. lib/areas/negotiate.ts routes the same paths. */

const tags = ["negotiate"];

const NegotiationParams = z.object({ negotiation_id: NegotiationIdSchema });
const MessageParams = NegotiationParams.extend({ message_id: MessageIdSchema });

const CreateNegotiationBody = CreateNegotiationInputSchema.openapi("CreateNegotiationRequest");
// A clone, for the reason given at ReviewBody below.
const Outreach = OutreachSchema.clone().openapi("NegotiationOutreach");
const NegotiationCreated = z
  .object({ negotiationId: z.string(), outreach: Outreach.nullable() })
  .openapi("NegotiationCreated");

const ThreadEntry = z.discriminatedUnion("direction", [
  z.object({
    direction: z.literal("from_supplier"),
    messageId: z.string(),
    text: z.string(),
    at: z.string(),
    status: MessageStatusSchema,
    action: AgentActionSchema.nullable(),
    reasoning: z.string().nullable(),
  }),
  z.object({
    direction: z.literal("to_supplier"),
    inReplyTo: z.string().nullable().meta({ description: "The email it answers; null for the outreach." }),
    text: z.string(),
    at: z.string(),
  }),
]);

const NegotiationView = z
  .object({
    negotiationId: z.string(),
    orderContext: CreateNegotiationInputSchema.shape.orderContext,
    supplier: SupplierSchema,
    createdAt: z.string(),
    outreach: Outreach.nullable(),
    thread: z.array(ThreadEntry),
  })
  .openapi("Negotiation");

const SupplierMessageBody = z
  .object({ supplierMessage: z.string().trim().min(1).max(20000) })
  .openapi("SupplierMessageRequest");
const MessageAccepted = z.object({ messageId: z.string() }).openapi("SupplierMessageAccepted");

const MessageView = z
  .object({
    negotiationId: z.string(),
    messageId: z.string(),
    supplierMessage: z.string(),
    receivedAt: z.string(),
    status: MessageStatusSchema,
    step: z.string().nullable(),
    response: AgentProcessResponseSchema.nullable(),
    draft: DraftEmailSchema.nullable(),
    draftBlocked: z.boolean(),
    progress: z.object({
      expertOpinions: z.array(ExpertOpinionSchema),
      orchestratorTrace: z.array(OrchestratorTraceEntrySchema),
    }),
    review: ReviewSchema.extend({ reviewedAt: z.string() }).nullable(),
    approvedReply: z.string().nullable(),
    failure: z.object({ error: z.string(), cause: z.string() }).nullable(),
  })
  .openapi("NegotiationMessage");

// A clone: zod gives a schema the prototype's methods when it is built, and in the Lambda bundle
// ReviewSchema is built (the repository imports it) before @hono/zod-openapi adds `.openapi`.
const ReviewBody = ReviewSchema.clone().openapi("NegotiationReviewRequest");
const ReviewAccepted = z
  .object({
    messageId: z.string(),
    decision: ReviewSchema.shape.decision,
    alreadyDecidedAt: z.string().optional().meta({
      description: "Present when this same review was already given: when it was; nothing happened again.",
    }),
  })
  .openapi("NegotiationReviewAccepted");

const ListNegotiationsQuery = z.object({
  // Required: the list is by status (the table's index is); a missing one is named so, with its values.
  status: z
    .enum(MESSAGE_STATUSES, {
      error: (issue) =>
        issue.input === undefined
          ? `required: one of ${MESSAGE_STATUSES.join(", ")}`
          : `must be one of ${MESSAGE_STATUSES.join(", ")}`,
    })
    .meta({
      description:
        "Required. The messages' status: `awaiting_review` lists the drafts waiting for a person's review.",
    }),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().min(1).max(2000).optional(),
});

const NegotiationList = z
  .object({
    negotiations: z.array(
      z.object({
        negotiationId: z.string(),
        messageId: z.string(),
        status: MessageStatusSchema,
        supplier: z.object({ name: z.string(), company: z.string().optional() }),
        sku: z.object({ skuName: z.string(), supplierSku: z.string() }),
        draftFirstLine: z.string().nullable(),
        receivedAt: z.string(),
        since: z.string().meta({ description: "When the message entered this status (how long it waits)." }),
      }),
    ),
    nextCursor: z.string().optional(),
  })
  .openapi("NegotiationList");

export const listNegotiationsRoute = defineRoute({
  method: "get",
  path: "/negotiations",
  operationId: "listNegotiations",
  tags,
  summary: "The supplier messages in a status across negotiations (`awaiting_review`: what waits for review)",
  description:
    "Newest received first, a page at a time (`limit` ≤ 100, `nextCursor`); each with its supplier, SKU, the " +
    "draft's first line and since when it is in this status. Messages received between pages never shift a page.",
  security: bearerAuth,
  request: { query: ListNegotiationsQuery },
  responses: { 200: jsonResponse(NegotiationList, "A page of messages"), ...errorResponses(400, 401, 403) },
});

const ListOutreachQuery = z.object({
  status: z
    .enum(OUTREACH_STATUSES, {
      error: (issue) =>
        issue.input === undefined
          ? `required: one of ${OUTREACH_STATUSES.join(", ")}`
          : `must be one of ${OUTREACH_STATUSES.join(", ")}`,
    })
    .meta({
      description:
        "Required. The outreach drafts' status: `awaiting_review` lists the first emails waiting for a person's review.",
    }),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().min(1).max(2000).optional(),
});

const OutreachList = z
  .object({
    outreach: z.array(
      z.object({
        negotiationId: z.string(),
        status: z.enum(OUTREACH_STATUSES),
        supplier: z.object({ name: z.string(), company: z.string().optional() }),
        sku: z.object({ skuName: z.string(), supplierSku: z.string() }),
        subject: z.string(),
        draftFirstLine: z.string().nullable(),
        draftedAt: z.string(),
        since: z.string().meta({ description: "When the draft entered this status (how long it waits)." }),
      }),
    ),
    nextCursor: z.string().optional(),
  })
  .openapi("NegotiationOutreachList");

export const listOutreachRoute = defineRoute({
  method: "get",
  path: "/negotiations/outreach",
  operationId: "listNegotiationOutreach",
  tags,
  summary: "The outreach drafts in a status across negotiations (`awaiting_review`: what waits for review)",
  description:
    "Newest drafted first, a page at a time (`limit` ≤ 100, `nextCursor`); each with its supplier, SKU, the " +
    "draft's subject and first line and since when it is in this status. Review one with " +
    "`POST /negotiations/{id}/outreach/review`.",
  security: bearerAuth,
  request: { query: ListOutreachQuery },
  responses: {
    200: jsonResponse(OutreachList, "A page of outreach drafts"),
    ...errorResponses(400, 401, 403),
  },
});

export const createNegotiationRoute = defineRoute({
  method: "post",
  path: "/negotiations",
  operationId: "createNegotiation",
  tags,
  summary: "Open a negotiation with a supplier for one order",
  description:
    "The order context (prices are decimal amounts in `currency`) and the merchant's instructions are private: " +
    "only the orchestrator sees them whole, and drafted replies are checked for leaks of the figures. With " +
    "`draftOutreach: true` the first email to the supplier (seed 003's initial email) is drafted at once (by the " +
    "model, given only what is ordered and who to, or from a template offline or when the model fails), leak-" +
    "checked, and awaits review (`POST /negotiations/{id}/outreach/review`) like any other draft; until then a " +
    "supplier email is 409 `outreach_awaiting_review`.",
  security: bearerAuth,
  request: { body: jsonBody(CreateNegotiationBody) },
  responses: {
    201: jsonResponse(NegotiationCreated, "The negotiation"),
    ...errorResponses(400, 401, 403, 413),
  },
});

export const getNegotiationRoute = defineRoute({
  method: "get",
  path: "/negotiations/{negotiation_id}",
  operationId: "getNegotiation",
  tags,
  summary: "The thread: the supplier's emails with their decision and status, and the approved replies",
  security: bearerAuth,
  request: { params: NegotiationParams },
  responses: { 200: jsonResponse(NegotiationView, "The negotiation"), ...errorResponses(400, 401, 403, 404) },
});

export const postSupplierMessageRoute = defineRoute({
  method: "post",
  path: "/negotiations/{negotiation_id}/messages",
  operationId: "postSupplierMessage",
  tags,
  summary: "Hand in the supplier's latest email; the experts and the orchestrator run in the background",
  description:
    "Starts the negotiation workflow for the email and answers at once. Poll " +
    "`GET /negotiations/{id}/messages/{messageId}`. One email at a time: while the previous one runs or awaits " +
    "review the answer is 409 `message_in_progress`. Nothing is ever sent to the supplier.",
  security: bearerAuth,
  request: { params: NegotiationParams, body: jsonBody(SupplierMessageBody) },
  responses: {
    202: jsonResponse(MessageAccepted, "The email is being processed"),
    ...errorResponses(400, 401, 403, 404, 409, 413, 422, 503),
  },
});

export const getNegotiationMessageRoute = defineRoute({
  method: "get",
  path: "/negotiations/{negotiation_id}/messages/{message_id}",
  operationId: "getNegotiationMessage",
  tags,
  summary:
    "One supplier email: its status, the step in progress, the opinions so far, the response and draft",
  security: bearerAuth,
  request: { params: MessageParams },
  responses: { 200: jsonResponse(MessageView, "The message"), ...errorResponses(400, 401, 403, 404) },
});

export const reviewNegotiationMessageRoute = defineRoute({
  method: "post",
  path: "/negotiations/{negotiation_id}/messages/{message_id}/review",
  operationId: "reviewNegotiationMessage",
  tags,
  summary:
    "A person's review of the drafted reply: approve (optionally with edited text), reject or escalate",
  description:
    "Resumes the paused workflow; a message whose workflow failed (for any reason) is answered directly. " +
    "An escalation's draft is a holding reply (no figure, no term) the person may approve as is. Approving a " +
    "draft the leak check blocked, or a message with no draft, needs `text` (422 `draft_blocked` / " +
    "`reply_required`). The same review sent again answers its earlier outcome with `alreadyDecidedAt` and " +
    "does nothing again; a different one after it is 409 `message_already_reviewed`. A message still running " +
    "is 409 `message_not_awaiting_review`. The approved reply is the output and joins the thread; the system " +
    "sends nothing. Reject and escalate (a person takes the thread over outside the system) end the message " +
    "`rejected`, with `review.decision` saying which.",
  security: bearerAuth,
  request: { params: MessageParams, body: jsonBody(ReviewBody) },
  responses: {
    202: jsonResponse(ReviewAccepted, "The review resumes the workflow"),
    ...errorResponses(400, 401, 403, 404, 409, 413, 422, 503),
  },
});

const OutreachReviewAccepted = z
  .object({
    negotiationId: z.string(),
    decision: ReviewSchema.shape.decision,
    alreadyDecidedAt: z.string().optional().meta({
      description: "Present when this same review was already given: when it was; nothing happened again.",
    }),
  })
  .openapi("NegotiationOutreachReviewAccepted");

export const reviewOutreachRoute = defineRoute({
  method: "post",
  path: "/negotiations/{negotiation_id}/outreach/review",
  operationId: "reviewNegotiationOutreach",
  tags,
  summary:
    "A person's review of the drafted first email to the supplier: approve (optionally with text), reject or escalate",
  description:
    "The rules of any draft: approving a draft the leak check blocked needs `text` (422 `draft_blocked`); the same " +
    "review again answers its earlier outcome with `alreadyDecidedAt`, a different one is 409 " +
    "`outreach_already_reviewed`; a negotiation opened without `draftOutreach` is 404 `outreach_not_found`. The " +
    "approved text opens the thread; the system sends nothing.",
  security: bearerAuth,
  request: { params: NegotiationParams, body: jsonBody(ReviewBody) },
  responses: {
    200: jsonResponse(OutreachReviewAccepted, "The review is recorded"),
    ...errorResponses(400, 401, 403, 404, 409, 413, 422),
  },
});
