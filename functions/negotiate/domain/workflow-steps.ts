import { z } from "zod";
import { NotFoundError } from "../../core/errors";
import type { LlmPort } from "../../core/llm/llm-port";
import { formatConversationHistory, type ThreadEmail } from "./conversation-context";
import {
  type ExpertName,
  ExpertNameSchema,
  type OrchestratorDecision,
  OrchestratorTraceEntrySchema,
} from "./experts/types";
import { finalizeResponse } from "./finalize-response";
import { classifyInstructions } from "./instruction-classifier";
import type { MessageContext } from "./message-context";
import { orchestratorInputFor } from "./message-context";
import {
  type Negotiation,
  type NegotiationRepository,
  ReviewSchema,
  type SupplierMessage,
} from "./negotiation";
import { decideNextStep, modelUnavailableDecision, safetyValveDecision } from "./orchestrator";
import { consultExpert } from "./process-supplier-message";

/**
 * The negotiation workflow's steps (statemachines/negotiation.asl.json), one Lambda each. States carry
 * ids and small routing values; opinions, rounds and the response live in the table, read by key.
 */
export interface StepDeps {
  repository: NegotiationRepository;
  now: () => Date;
}
export interface ModelStepDeps extends StepDeps {
  llm: LlmPort;
}

export const StepEventSchema = z.object({
  tenant: z.string().min(1),
  negotiationId: z.string().min(1),
  messageId: z.string().min(1),
});

interface Loaded {
  negotiation: Negotiation;
  message: SupplierMessage;
  context: MessageContext;
}

const load = async (
  repository: NegotiationRepository,
  negotiationId: string,
  messageId: string,
): Promise<Loaded> => {
  const negotiation = await repository.getNegotiation(negotiationId);
  if (!negotiation)
    throw new NotFoundError(`No negotiation ${negotiationId}`, { code: "negotiation_not_found" });
  const messages = await repository.listMessages(negotiationId);
  const message = messages.find((m) => m.messageId === messageId);
  if (!message) throw new NotFoundError(`No message ${messageId}`, { code: "message_not_found" });
  const earlier = messages
    .filter((m) => m.sequence < message.sequence)
    .sort((a, b) => a.sequence - b.sequence);
  const thread: ThreadEmail[] = earlier.flatMap((m) => [
    { from: "supplier" as const, text: m.supplierMessage },
    ...(m.approvedReply ? [{ from: "merchant" as const, text: m.approvedReply }] : []),
  ]);
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

const setStep = (deps: StepDeps, event: z.infer<typeof StepEventSchema>, step: string) =>
  deps.repository.updateMessage(event.negotiationId, event.messageId, (m) => ({ ...m, step }));

// ---- Classify ----

/** Classifies the merchant's instructions once per negotiation; `ok: false` routes to an escalation. */
export const classifyStep = async (
  deps: ModelStepDeps,
  event: z.infer<typeof StepEventSchema>,
): Promise<{ ok: boolean }> => {
  const { negotiation } = await load(deps.repository, event.negotiationId, event.messageId);
  if (negotiation.classifiedInstructions) {
    await setStep(deps, event, "consulting extraction and escalation experts");
    return { ok: true };
  }
  const result = await classifyInstructions(deps.llm, negotiation.merchantInstructions);
  if (result.ok) await deps.repository.saveClassification(event.negotiationId, result.value);
  await deps.repository.updateMessage(event.negotiationId, event.messageId, (m) => ({
    ...m,
    classifierCall: result.llm,
    classificationFailure: result.ok ? null : result.failure,
    step: result.ok ? "consulting extraction and escalation experts" : "drafting",
  }));
  return { ok: result.ok };
};

// ---- Consult an expert ----

export const ConsultEventSchema = StepEventSchema.extend({
  /** Orchestrator rounds before this consultation: 0 for the first fan-out. */
  round: z.number().int().nonnegative(),
  question: z.string().max(2000).nullable().default(null),
});

export const consultStep = async (
  deps: ModelStepDeps,
  expert: ExpertName,
  event: z.infer<typeof ConsultEventSchema>,
): Promise<{ opinionKey: string }> => {
  const { context } = await load(deps.repository, event.negotiationId, event.messageId);
  const opinions = await deps.repository.listOpinions(event.negotiationId, event.messageId);
  const opinion = await consultExpert(deps.llm, expert, context, opinions, event.question);
  const opinionKey = `r${String(event.round).padStart(2, "0")}-${expert}`;
  await deps.repository.putOpinion(event.negotiationId, event.messageId, opinionKey, opinion);
  return { opinionKey };
};

// ---- Orchestrate ----

export const OrchestrateEventSchema = StepEventSchema.extend({
  previousRound: z.number().int().nonnegative(),
});

/** What the Choice state routes on. */
export interface OrchestrateResult {
  round: number;
  readyToAct: boolean;
  nextExpert: ExpertName | null;
  questionForExpert: string | null;
  /** Set when the orchestrator's model failed: the Choice sends the message to be escalated. */
  modelFailure: { code: string; message: string } | null;
}

export const orchestrateStep = async (
  deps: ModelStepDeps,
  event: z.infer<typeof OrchestrateEventSchema>,
): Promise<OrchestrateResult> => {
  const round = event.previousRound + 1;
  await setStep(deps, event, `orchestrating (round ${round})`);
  const { context } = await load(deps.repository, event.negotiationId, event.messageId);
  const [opinions, trace] = await Promise.all([
    deps.repository.listOpinions(event.negotiationId, event.messageId),
    deps.repository.listTrace(event.negotiationId, event.messageId),
  ]);
  const prior = trace.filter((t) => t.iteration < round).map((t) => t.decision);
  const result = await decideNextStep(deps.llm, orchestratorInputFor(context, opinions, prior));
  if (!result.ok) {
    return {
      round,
      readyToAct: true,
      nextExpert: null,
      questionForExpert: null,
      modelFailure: result.failure,
    };
  }
  const decision = result.value;
  await deps.repository.putTraceEntry(
    event.negotiationId,
    event.messageId,
    OrchestratorTraceEntrySchema.parse({ iteration: round, decision, llm: result.llm }),
  );
  if (!decision.readyToAct && decision.nextExpert) {
    await setStep(deps, event, `consulting the ${decision.nextExpert} expert (round ${round})`);
  }
  return {
    round,
    readyToAct: decision.readyToAct,
    nextExpert: decision.readyToAct ? null : ExpertNameSchema.parse(decision.nextExpert),
    questionForExpert: decision.questionForExpert,
    modelFailure: null,
  };
};

// ---- Craft ----

export const CraftEventSchema = StepEventSchema.extend({
  ending: z.enum(["decided", "safety_valve", "model_unavailable", "classification_failed"]),
  modelFailure: z.object({ code: z.string(), message: z.string() }).nullable().default(null),
});

/** Drafts the reply for the decision, checks it for leaks and stores the response; the message awaits review. */
export const craftStep = async (
  deps: ModelStepDeps,
  event: z.infer<typeof CraftEventSchema>,
): Promise<{ action: string; draftBlocked: boolean }> => {
  await setStep(deps, event, "drafting");
  const { negotiation, message, context } = await load(deps.repository, event.negotiationId, event.messageId);
  const [opinions, trace] = await Promise.all([
    deps.repository.listOpinions(event.negotiationId, event.messageId),
    deps.repository.listTrace(event.negotiationId, event.messageId),
  ]);
  const last = trace.at(-1)?.decision;
  const undecided = (d: OrchestratorDecision) => ({ ...d, action: "escalate" as const });
  const failure = event.modelFailure ??
    message.classificationFailure ?? { code: "unknown", message: "no decision was recorded" };
  const decision =
    event.ending === "decided" && last?.readyToAct && last.action
      ? { ...last, action: last.action }
      : event.ending === "safety_valve"
        ? undecided(safetyValveDecision())
        : event.ending === "classification_failed" && failure.code !== "llm_not_configured"
          ? undecided({
              ...modelUnavailableDecision(failure),
              reasoning: `The merchant's instructions could not be classified (${failure.code}), so no expert can be given its part: a person decides. ${failure.message}`,
            })
          : undecided(modelUnavailableDecision(failure));
  const decidedBy =
    event.ending === "decided"
      ? "orchestrator"
      : event.ending === "classification_failed" && failure.code === "llm_not_configured"
        ? "model_unavailable"
        : event.ending;
  const response = await finalizeResponse(deps.llm, {
    context,
    merchantInstructions: negotiation.merchantInstructions,
    decision,
    decidedBy,
    opinions,
    trace,
    classifierCall: message.classifierCall,
  });
  // `awaiting_review` once the Review step has stored its token (awaitReviewStep): then it can be answered.
  await deps.repository.updateMessage(event.negotiationId, event.messageId, (m) => ({
    ...m,
    response,
    step: "opening the review",
  }));
  return { action: response.action, draftBlocked: response.leakCheck?.blocked ?? false };
};

// ---- Review (paused on a task token) ----

export const AwaitReviewEventSchema = StepEventSchema.extend({ taskToken: z.string().min(1) });

/** Keeps the paused Review step's token on the message, where the review endpoint finds it. */
export const awaitReviewStep = async (
  deps: StepDeps,
  event: z.infer<typeof AwaitReviewEventSchema>,
): Promise<{ waiting: true }> => {
  await deps.repository.updateMessage(event.negotiationId, event.messageId, (m) => ({
    ...m,
    taskToken: event.taskToken,
    status: "awaiting_review",
    step: "awaiting review",
  }));
  return { waiting: true };
};

// ---- Save ----

export const SaveEventSchema = StepEventSchema.extend({ review: ReviewSchema });

/**
 * Records the person's decision. An approved reply (the edited text, else the draft) is the system's
 * output and joins the thread; nothing is sent to the supplier from here.
 */
export const saveOutcomeStep = async (
  deps: StepDeps,
  event: z.infer<typeof SaveEventSchema>,
): Promise<{ status: SupplierMessage["status"] }> => {
  const saved = await deps.repository.updateMessage(event.negotiationId, event.messageId, (m) => {
    const approvedReply =
      event.review.decision === "approve" ? (event.review.text ?? m.response?.draft?.body ?? null) : null;
    return {
      ...m,
      status: event.review.decision === "approve" ? "approved" : "rejected",
      step: null,
      taskToken: null,
      review: { ...event.review, reviewedAt: deps.now().toISOString() },
      approvedReply,
    };
  });
  return { status: saved.status };
};

// ---- Failure ----

export const RecordFailureEventSchema = StepEventSchema.extend({
  failure: z.object({ Error: z.string().default("States.Runtime"), Cause: z.string().default("") }),
});

export const recordFailureStep = async (
  deps: StepDeps,
  event: z.infer<typeof RecordFailureEventSchema>,
): Promise<{ status: "failed" }> => {
  await deps.repository.updateMessage(event.negotiationId, event.messageId, (m) => ({
    ...m,
    status: "failed",
    step: null,
    taskToken: null,
    failure: { error: event.failure.Error, cause: event.failure.Cause.slice(0, 2000) },
  }));
  return { status: "failed" };
};
