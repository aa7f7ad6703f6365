import type { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient, GetCommand, ScanCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { tableDefinition } from "../functions/core/db/table-definition";
import type { LocalWorkflowRunner } from "./workflow-runner";

/** A negotiation message whose review wait was carried on after a restart. */
export interface ResumedReview {
  tenant: string;
  negotiationId: string;
  messageId: string;
  /**
   * Whether a review can be taken: a new token is stored (or the review step failed and the message is
   * `failed`, which a review answers directly). False when neither happened within the bound.
   */
  reviewable: boolean;
}

/** The negotiation workflow (lib/areas/negotiate.ts) and its callback state, where a person's review waits. */
export const NEGOTIATION_WORKFLOW = "negotiation";
export const REVIEW_STATE = "Review";

const { partitionKey: PK, sortKey: SK, versionAttribute: VERSION } = tableDefinition;

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * The local workflow runner keeps its executions, and so the task tokens of paused reviews, in memory: a
 * negotiation message left `awaiting_review` by the last stop has a token nothing answers any more. At
 * start, on a kept table, each such message's workflow is started again at its Review state, with the
 * input its first execution had (`tenant`, `negotiationId`, `messageId`, all the Review state and the
 * states after it read) and the same execution name, so the real ASL runs on from the wait: the Review
 * Task stores a new token on the message, and a review then carries on to Save as it would have. The
 * stale token is cleared first (a review meanwhile is 409 `message_not_awaiting_review`, as in the moment
 * before Review stores its token when deployed), and this resolves once every new token is stored (or
 * `waitMs` has passed), so the stack is not reported ready before a review can be taken.
 */
export const resumePausedReviews = async (
  client: DynamoDBClient,
  tableName: string,
  workflows: Pick<LocalWorkflowRunner, "startAt">,
  waitMs = 15_000,
): Promise<ResumedReview[]> => {
  const documents = DynamoDBDocumentClient.from(client);
  const paused: { key: Record<string, unknown>; tenant: string; negotiationId: string; messageId: string }[] =
    [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await documents.send(
      new ScanCommand({
        TableName: tableName,
        FilterExpression: "#data.#status = :awaiting AND begins_with(#sk, :msg)",
        ExpressionAttributeNames: { "#data": "data", "#status": "status", "#sk": SK },
        ExpressionAttributeValues: { ":awaiting": "awaiting_review", ":msg": "MSG#" },
        ...(startKey ? { ExclusiveStartKey: startKey } : {}),
      }),
    );
    for (const item of page.Items ?? []) {
      const [t, tenant, entity, negotiationId] = String(item[PK]).split("#");
      const messageId = String(item[SK]).slice(4);
      if (t !== "T" || !tenant || entity !== "NEG" || !negotiationId || !messageId) continue;
      paused.push({ key: { [PK]: item[PK], [SK]: item[SK] }, tenant, negotiationId, messageId });
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);

  const resumed: (ResumedReview & { key: Record<string, unknown> })[] = [];
  for (const message of paused) {
    const cleared = await documents
      .send(
        new UpdateCommand({
          TableName: tableName,
          Key: message.key,
          ConditionExpression: "#data.#status = :awaiting",
          UpdateExpression: "SET #data.#taskToken = :none, #version = if_not_exists(#version, :zero) + :one",
          ExpressionAttributeNames: {
            "#data": "data",
            "#status": "status",
            "#taskToken": "taskToken",
            "#version": VERSION,
          },
          ExpressionAttributeValues: { ":awaiting": "awaiting_review", ":none": null, ":zero": 0, ":one": 1 },
        }),
      )
      .then(
        () => true,
        (error: { name?: string }) => {
          // Reviewed meanwhile: nothing to carry on.
          if (error.name === "ConditionalCheckFailedException") return false;
          throw error;
        },
      );
    if (!cleared) continue;
    const { key, tenant, negotiationId, messageId } = message;
    await workflows.startAt(
      NEGOTIATION_WORKFLOW,
      REVIEW_STATE,
      { tenant, negotiationId, messageId },
      { executionName: `${negotiationId}-${messageId}` },
    );
    resumed.push({ key, tenant, negotiationId, messageId, reviewable: false });
  }

  const deadline = Date.now() + waitMs;
  for (const review of resumed) {
    while (!review.reviewable && Date.now() < deadline) {
      const { Item } = await documents.send(new GetCommand({ TableName: tableName, Key: review.key }));
      const data = Item?.data as { status?: string; taskToken?: string | null } | undefined;
      // A token stored again, or the message no longer waits (its review step failed and recorded why).
      if (data?.taskToken || data?.status !== "awaiting_review") review.reviewable = true;
      else await sleep(25);
    }
  }
  return resumed.map(({ key: _key, ...review }) => review);
};
