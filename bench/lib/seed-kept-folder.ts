import { randomUUID } from "node:crypto";
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { BatchWriteCommand, DynamoDBDocumentClient, ScanCommand } from "@aws-sdk/lib-dynamodb";
import { LOCAL_DYNAMODB_CLIENT_CONFIG } from "../../functions/core/db/app-table";
import { createPostgresWireSql } from "../../functions/core/sql/postgres-wire-adapter";

/** What a running local stack printed: where its DynamoDB Local and PostgreSQL answer. */
export interface StackEndpoints {
  apiUrl: string;
  dynamoEndpoint: string;
  databaseUrl: string;
  tableName?: string;
}

export interface SeedCounts {
  /** Negotiations with one message awaiting review, each a copy of a real one under a new id. */
  pausedReviews: number;
  /** Finished shop runs, each a copy of a real one under a new id. */
  runs: number;
  /** Campaigns, copies of the demo tenant's under new ids (embeddings and all). */
  campaigns: number;
}

const AUTH = { authorization: "Bearer dev:demo", "content-type": "application/json" };

const api = async (apiUrl: string, method: string, path: string, body?: unknown) => {
  const response = await fetch(`${apiUrl}${path}`, {
    method,
    headers: AUTH,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (response.status >= 300)
    throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
  return json;
};

const waitFor = async (what: string, condition: () => Promise<boolean>, boundMs = 180_000) => {
  const deadline = Date.now() + boundMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`seed: waited ${boundMs} ms for ${what}`);
    await new Promise((done) => setTimeout(done, 100));
  }
};

/** Every item of the table whose partition key contains `id`, read once. */
const itemsNaming = async (documents: DynamoDBDocumentClient, tableName: string, ids: string[]) => {
  const items: Record<string, unknown>[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await documents.send(
      new ScanCommand({ TableName: tableName, ...(startKey ? { ExclusiveStartKey: startKey } : {}) }),
    );
    for (const item of page.Items ?? []) {
      const text = JSON.stringify(item);
      if (ids.some((id) => text.includes(id))) items.push(item);
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
};

/** A task token the local runner issued (dev/workflow/task-tokens.ts): one execution's, so one copy's. */
const TASK_TOKEN = /local-task-token-[0-9a-f-]+/g;

/**
 * `count` copies of the items under new ids: the 8 characters after the id's kind prefix (`neg_`, `run_`)
 * become digits, which the ids' hex alphabet has. Each copy gets task tokens of its own, as each real
 * paused review holds its own execution's token.
 */
const copiesOf = (items: Record<string, unknown>[], id: string, count: number) =>
  Array.from({ length: count }, (_, i) => {
    const at = id.indexOf("_") + 1;
    const copyId = `${id.slice(0, at)}${String(i + 1).padStart(8, "0")}${id.slice(at + 8)}`;
    const tokens = new Map<string, string>();
    const tokenOf = (token: string) => {
      if (!tokens.has(token)) tokens.set(token, `local-task-token-${randomUUID()}`);
      return tokens.get(token) ?? token;
    };
    return items.map(
      (item) =>
        JSON.parse(JSON.stringify(item).replaceAll(id, copyId).replaceAll(TASK_TOKEN, tokenOf)) as Record<
          string,
          unknown
        >,
    );
  }).flat();

const writeAll = async (
  documents: DynamoDBDocumentClient,
  tableName: string,
  items: Record<string, unknown>[],
) => {
  const batches: Record<string, unknown>[][] = [];
  for (let i = 0; i < items.length; i += 25) batches.push(items.slice(i, i + 25));
  const worker = async () => {
    for (let batch = batches.shift(); batch; batch = batches.shift()) {
      let requests = batch.map((Item) => ({ PutRequest: { Item } }));
      while (requests.length > 0) {
        const { UnprocessedItems } = await documents.send(
          new BatchWriteCommand({ RequestItems: { [tableName]: requests } }),
        );
        requests = (UnprocessedItems?.[tableName] ?? []) as typeof requests;
      }
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
};

/**
 * Fills a running stack's kept folder in bulk, directly (not through the API at API speed): one real
 * negotiation message awaiting review and one real shop run are made through the API, then copied under
 * new ids with BatchWriteItem; the demo campaigns are copied in PostgreSQL with one INSERT … SELECT per
 * round. The stack is then stopped by the caller: its next start finds all of it kept.
 */
export const seedKeptFolder = async (stack: StackEndpoints, counts: SeedCounts): Promise<void> => {
  const tableName = stack.tableName ?? "larder-local";
  const client = new DynamoDBClient({ endpoint: stack.dynamoEndpoint, ...LOCAL_DYNAMODB_CLIENT_CONFIG });
  const documents = DynamoDBDocumentClient.from(client);
  try {
    const negotiation = await api(stack.apiUrl, "POST", "/negotiations", {
      orderContext: {
        skuName: "Organic oat milk 1 L",
        supplierSku: "OAT-1L-ORG",
        quantityRequested: "2,000 units",
        targetPrice: 4.37,
        currency: "USD",
      },
      merchantInstructions: "Aim for our target. Walk away above $5.19.",
      supplier: { name: "Dana", company: "Oat Co" },
    });
    const negotiationId = String(negotiation.negotiationId);
    const message = await api(stack.apiUrl, "POST", `/negotiations/${negotiationId}/messages`, {
      supplierMessage: "We can do $5.00 per unit, 12 days, net 30.",
    });
    const messagePath = `/negotiations/${negotiationId}/messages/${String(message.messageId)}`;
    await waitFor("the template message to await review", async () => {
      const status = (await api(stack.apiUrl, "GET", messagePath)).status;
      if (status !== "running" && status !== "awaiting_review") throw new Error(`template message ${status}`);
      return status === "awaiting_review";
    });
    let runId = "";
    if (counts.runs > 0) {
      runId = String((await api(stack.apiUrl, "POST", "/shop/runs", {})).runId);
      await waitFor("the template shop run to end", async () => {
        return (await api(stack.apiUrl, "GET", `/shop/runs/${runId}`)).status !== "running";
      });
    }

    const [negotiationItems, runItems] = await Promise.all([
      itemsNaming(documents, tableName, [negotiationId]),
      runId ? itemsNaming(documents, tableName, [runId]) : [],
    ]);
    await writeAll(documents, tableName, [
      ...copiesOf(negotiationItems, negotiationId, counts.pausedReviews - 1),
      ...copiesOf(runItems, runId, counts.runs - 1),
    ]);
  } finally {
    client.destroy();
  }

  const sql = createPostgresWireSql({ url: stack.databaseUrl, sharedSession: true });
  try {
    const columns = (
      await sql.query(
        `SELECT column_name FROM information_schema.columns
          WHERE table_name = 'campaigns' AND is_generated = 'NEVER' AND column_name <> 'id' ORDER BY ordinal_position`,
      )
    ).rows.map((row) => `"${String(row.column_name)}"`);
    const demo = Number((await sql.query("SELECT count(*)::int AS n FROM campaigns")).rows[0]?.n ?? 0);
    if (counts.campaigns <= demo) return;
    const rounds = Math.ceil(Math.max(0, counts.campaigns - demo) / demo);
    await sql.query(
      `INSERT INTO campaigns (id, ${columns.join(", ")})
       SELECT 'seed-' || g || '-' || c.id, ${columns.map((c) => `c.${c}`).join(", ")}
         FROM (SELECT * FROM campaigns WHERE id NOT LIKE 'seed-%') c CROSS JOIN generate_series(1, $1::int) g`,
      [rounds],
    );
    await sql.query("ANALYZE campaigns");
  } finally {
    await sql.close();
  }
};
