import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { GetCommand } from "@aws-sdk/lib-dynamodb";
import type { WorkflowPort } from "../functions/core/workflow/workflow-port";
import type { LocalWorkflowRunner } from "./workflow-runner";

/** A negotiation message left `awaiting_review` by the last stop, as the kept-work scan found it. */
export interface PausedReview {
  key: Record<string, unknown>;
  tenant: string;
  negotiationId: string;
  messageId: string;
  /** The token stored before the stop: nothing answers it any more (null when none was stored). */
  staleToken: string | null;
}

/** What became of one paused review's workflow. */
export type ResumeOutcome =
  /** A new token is stored (or the review step failed and the message is `failed`): a review can be taken. */
  | "reviewable"
  /** Reviewed meanwhile (through its `failed` path): nothing to carry on. */
  | "answered"
  /** Started again at the wait, but no token within the bound. */
  | "late";

/** The negotiation workflow (lib/areas/negotiate.ts) and its callback state, where a person's review waits. */
export const NEGOTIATION_WORKFLOW = "negotiation";
export const REVIEW_STATE = "AwaitReview";

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

export interface ReviewResumer {
  /** How many paused reviews are not carried on yet. */
  pending(): number;
  /**
   * The token a review sent with `staleToken` should answer: the paused review that held it is carried on
   * now (at once, ahead of the others) and its new token returned; undefined when no paused review held it.
   */
  freshTokenFor(staleToken: string): Promise<string | undefined>;
  /**
   * Carries on every paused review not carried on yet, `concurrency` at a time, each when `beforeEach`
   * resolves true (the stack gives way to its requests; false: start no more); resolves with the counts.
   */
  resumeAll(
    concurrency?: number,
    beforeEach?: () => Promise<boolean>,
  ): Promise<Record<ResumeOutcome, number>>;
  /** Starts no more (the stack is stopping); what is under way stops waiting for its token. */
  stop(): void;
}

/**
 * The local workflow runner keeps its executions, and so the task tokens of paused reviews, in memory: a
 * negotiation message left `awaiting_review` by the last stop holds a token nothing answers any more. Each
 * such message's workflow is started again at its AwaitReview state, with the input its first execution had
 * (`tenant`, `negotiationId`, `messageId`, all the AwaitReview state and the states after it read) and the same
 * execution name, so the real ASL runs on from the wait: the AwaitReview Task stores a new token on the message,
 * and a review then carries on to SaveOutcome as it would have. Until then the message keeps its stale token, which
 * `freshTokenFor` maps to the resumption under way: a review in that moment waits for the new token.
 *
 * The local stack carries them on after it reports ready (`resumeAll`), a few at a time, so a restart does
 * not wait for them however many there are; a review that arrives first carries its own on at once
 * (`freshTokenFor`, through `withPausedReviews`).
 */
export const createReviewResumer = ({
  documents,
  tableName,
  workflows,
  paused,
  waitMs = 15_000,
}: {
  documents: DynamoDBDocumentClient;
  tableName: string;
  workflows: Pick<LocalWorkflowRunner, "startAt">;
  paused: readonly PausedReview[];
  /** How long one review's new token is waited for. */
  waitMs?: number;
}): ReviewResumer => {
  const waiting = new Map(paused.map((review) => [`${review.negotiationId}/${review.messageId}`, review]));
  // A token names one execution, so one message; a table copied item by item (a restored backup, a bench's
  // bulk seed) can hold the same token on several. Such a token is routed to none of them: a review sent to
  // it is refused (409, as any review of a token nothing answers) rather than taken by another message's
  // workflow; sent again once its own message is carried on, it answers that message's new token.
  const holders = new Map<string, PausedReview[]>();
  for (const review of paused) {
    if (review.staleToken)
      holders.set(review.staleToken, [...(holders.get(review.staleToken) ?? []), review]);
  }
  const byStaleToken = new Map(
    [...holders].flatMap(([token, reviews]) =>
      reviews.length === 1 && reviews[0] ? [[token, reviews[0]] as const] : [],
    ),
  );
  const resuming = new Map<PausedReview, Promise<{ outcome: ResumeOutcome; token?: string }>>();
  let stopped = false;

  const resumeOne = async (review: PausedReview): Promise<{ outcome: ResumeOutcome; token?: string }> => {
    // The stale token stays on the message until the new execution's AwaitReview step overwrites it: a review
    // that reads it meanwhile comes through `freshTokenFor` and waits for this resumption's new token
    // (clearing it would answer that review 409 `message_not_awaiting_review` for as long as this takes).
    const { Item: before } = await documents.send(
      new GetCommand({ TableName: tableName, Key: review.key, ConsistentRead: true }),
    );
    // Reviewed meanwhile: nothing to carry on.
    if ((before?.data as { status?: string } | undefined)?.status !== "awaiting_review")
      return { outcome: "answered" };
    const { tenant, negotiationId, messageId } = review;
    await workflows.startAt(
      NEGOTIATION_WORKFLOW,
      REVIEW_STATE,
      { tenant, negotiationId, messageId },
      { executionName: `${negotiationId}-${messageId}` },
    );
    const deadline = Date.now() + waitMs;
    while (Date.now() < deadline && !stopped) {
      const { Item } = await documents.send(new GetCommand({ TableName: tableName, Key: review.key }));
      const data = Item?.data as { status?: string; taskToken?: string | null } | undefined;
      if (data?.taskToken && data.taskToken !== review.staleToken)
        return { outcome: "reviewable", token: data.taskToken };
      // The message no longer waits: its review step failed and recorded why (a review answers that).
      if (data?.status !== "awaiting_review") return { outcome: "reviewable" };
      await sleep(25);
    }
    return { outcome: "late" };
  };

  const resume = (review: PausedReview) => {
    let started = resuming.get(review);
    if (!started) {
      waiting.delete(`${review.negotiationId}/${review.messageId}`);
      started = resumeOne(review);
      resuming.set(review, started);
    }
    return started;
  };

  return {
    pending: () => waiting.size,

    async freshTokenFor(staleToken) {
      const review = byStaleToken.get(staleToken);
      if (!review) return undefined;
      return (await resume(review)).token;
    },

    async resumeAll(concurrency = 8, beforeEach) {
      const queue = paused.filter((review) => !resuming.has(review));
      const worker = async () => {
        for (;;) {
          // Those a review has carried on meanwhile ask for no turn.
          while (queue[0] && resuming.has(queue[0])) queue.shift();
          if (queue.length === 0 || stopped) return;
          if (beforeEach && !(await beforeEach())) return;
          // Taken after the wait: a review that arrived meanwhile may have carried it on already.
          const review = queue.shift();
          if (review && !stopped && !resuming.has(review)) await resume(review);
        }
      };
      await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
      // Every one, those a review carried on first included.
      const counts: Record<ResumeOutcome, number> = { reviewable: 0, answered: 0, late: 0 };
      for (const { outcome } of await Promise.all(resuming.values())) counts[outcome]++;
      return counts;
    },

    stop() {
      stopped = true;
    },
  };
};

/**
 * The workflow port the local handlers get: `runner`, except that a review answering a paused review's
 * stale token carries that review on first (`ReviewResumer.freshTokenFor`) and answers its new token.
 */
export const withPausedReviews = (
  runner: WorkflowPort,
  resumer: () => Promise<ReviewResumer | undefined>,
): WorkflowPort => {
  const freshToken = async (taskToken: string) =>
    (await (await resumer().catch(() => undefined))?.freshTokenFor(taskToken)) ?? taskToken;
  return {
    start: (...args) => runner.start(...args),
    describe: (...args) => runner.describe(...args),
    sendTaskSuccess: async (taskToken, output) => runner.sendTaskSuccess(await freshToken(taskToken), output),
    sendTaskFailure: async (taskToken, error, cause) =>
      runner.sendTaskFailure(await freshToken(taskToken), error, cause),
  };
};
