import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { tableDefinition } from "../functions/core/db/table-definition";

/** A workflow the last stop cut short, now marked `interrupted`, and how to start it again. */
export interface InterruptedWorkflow {
  kind: "shop run" | "negotiation message";
  tenant: string;
  id: string;
  startAgain: string;
}

const { partitionKey: PK, sortKey: SK, versionAttribute: VERSION } = tableDefinition;

/**
 * The local workflow runner keeps its executions in memory: a shop run or a negotiation's message that was
 * `running` when the stack stopped has no execution any more and would read `running` forever. After a
 * start, on a kept table, each `running` item the kept-work scan found (dev/kept-work.ts) is marked
 * `interrupted` (a conditional write: only while still `running`), with an endedAt and why, a few at a
 * time, each when `beforeEach` resolves true (false: the stack is stopping, mark no more). Items of another
 * shape are left alone.
 */
export const markInterruptedWorkflows = async (
  documents: DynamoDBDocumentClient,
  tableName: string,
  running: readonly Record<string, unknown>[],
  now: Date = new Date(),
  concurrency = 8,
  beforeEach?: () => Promise<boolean>,
): Promise<InterruptedWorkflow[]> => {
  const marked: InterruptedWorkflow[] = [];
  const markOne = async (item: Record<string, unknown>) => {
    const [t, tenant, entity, id] = String(item[PK]).split("#");
    const sk = String(item[SK]);
    if (t !== "T" || !tenant) return;
    const shopHeader = entity === "SHOPRUN" && sk === "HEADER" && id;
    const shopListEntry = entity === "SHOPRUNS";
    const message = entity === "NEG" && sk.startsWith("MSG#") && id;
    if (!shopHeader && !shopListEntry && !message) return;
    const why = "The local stack stopped while this ran; it was marked interrupted at the next start";
    const sets = message
      ? "#data.#failure = :failure, #data.#step = :none, #data.#taskToken = :none"
      : shopHeader
        ? "#data.#endedAt = :endedAt, #data.#error = :error"
        : "#data.#endedAt = :endedAt";
    await documents
      .send(
        new UpdateCommand({
          TableName: tableName,
          Key: { [PK]: item[PK], [SK]: item[SK] },
          ConditionExpression: "#data.#status = :running",
          UpdateExpression: `SET #data.#status = :interrupted, ${sets}, #version = if_not_exists(#version, :zero) + :one`,
          ExpressionAttributeNames: {
            "#data": "data",
            "#status": "status",
            "#version": VERSION,
            ...(message
              ? { "#failure": "failure", "#step": "step", "#taskToken": "taskToken" }
              : shopHeader
                ? { "#endedAt": "endedAt", "#error": "error" }
                : { "#endedAt": "endedAt" }),
          },
          ExpressionAttributeValues: {
            ":running": "running",
            ":interrupted": "interrupted",
            ":zero": 0,
            ":one": 1,
            ...(message
              ? { ":failure": { error: "Interrupted", cause: why }, ":none": null }
              : shopHeader
                ? { ":endedAt": now.toISOString(), ":error": { code: "interrupted", message: why } }
                : { ":endedAt": now.toISOString() }),
          },
        }),
      )
      .catch((error: { name?: string }) => {
        // Ended meanwhile: nothing to mark.
        if (error.name !== "ConditionalCheckFailedException") throw error;
      });
    if (shopHeader) {
      marked.push({ kind: "shop run", tenant, id, startAgain: "POST /shop/runs (a new run)" });
    } else if (message) {
      marked.push({
        kind: "negotiation message",
        tenant,
        id: `${id}/${sk.slice(4)}`,
        startAgain: `POST /negotiations/${id}/messages (send the supplier's message again)`,
      });
    }
  };
  const queue = [...running];
  const worker = async () => {
    for (let item = queue.shift(); item; item = queue.shift()) {
      if (beforeEach && !(await beforeEach())) return;
      await markOne(item);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  return marked;
};
