import type { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient, ScanCommand } from "@aws-sdk/lib-dynamodb";
import { tableDefinition } from "../functions/core/db/table-definition";
import type { BackgroundTurns } from "./background-work";
import { type InterruptedWorkflow, markInterruptedWorkflows } from "./interrupted-workflows";
import { createReviewResumer, type PausedReview, type ReviewResumer } from "./paused-reviews";
import type { LocalWorkflowRunner } from "./workflow-runner";

const { partitionKey: PK, sortKey: SK } = tableDefinition;

/** What the last stop left in a kept table: the workflows it cut short and the reviews it left waiting. */
export interface KeptWork {
  /** Items still `running` (shop runs, their list entries, negotiation messages): to mark `interrupted`. */
  running: Record<string, unknown>[];
  /** Negotiation messages `awaiting_review`: their workflows carry on from the wait. */
  paused: PausedReview[];
}

/**
 * How many items a Scan page reads. Each page holds DynamoDB Local's JVM, and a request that arrives
 * meanwhile waits for it. A page costs a part that grows with its items and a part that does not: DynamoDB
 * Local's SQL orders the whole table for every page (on the bench's kept table of 9,024 items, SQLite alone
 * took 150-200 ms for it at load 8, for 25 items as for 250). Tiny pages would multiply that part, long ones
 * hold the JVM: the first page holds 100, each next one is sized from how long the last took, towards
 * `targetMs`, at most twice as many.
 */
export interface ScanPageSizing {
  first: number;
  min: number;
  max: number;
  targetMs: number;
}

export const SCAN_PAGE_SIZING: ScanPageSizing = { first: 100, min: 100, max: 1000, targetMs: 200 };

export const nextScanPageItems = (items: number, tookMs: number, sizing: ScanPageSizing): number =>
  Math.min(
    sizing.max,
    Math.max(sizing.min, Math.round(items * Math.min(2, sizing.targetMs / Math.max(1, tookMs)))),
  );

/** The stack stopped while the kept work was still being found. */
export class KeptWorkStoppedError extends Error {
  constructor() {
    super("The local stack stopped before the kept work was found");
  }
}

/**
 * One query for both: a single Scan (paged) for items whose status is `running` or `awaiting_review`,
 * projecting only the keys, the status and the task token. Started once the stack is ready; each page only
 * when `turns` gives way (dev/background-work.ts: the API idle), so requests never queue behind it.
 */
export const findKeptWork = async (
  documents: DynamoDBDocumentClient,
  tableName: string,
  {
    turns,
    sizing = SCAN_PAGE_SIZING,
    now = () => performance.now(),
  }: { turns?: Pick<BackgroundTurns, "next">; sizing?: ScanPageSizing; now?: () => number } = {},
): Promise<KeptWork> => {
  const work: KeptWork = { running: [], paused: [] };
  let startKey: Record<string, unknown> | undefined;
  let limit = sizing.first;
  do {
    if (turns && !(await turns.next())) throw new KeptWorkStoppedError();
    const pageStarted = now();
    const page = await documents.send(
      new ScanCommand({
        TableName: tableName,
        FilterExpression: "#data.#status IN (:running, :awaiting)",
        ProjectionExpression: "#pk, #sk, #data.#status, #data.#taskToken",
        ExpressionAttributeNames: {
          "#pk": PK,
          "#sk": SK,
          "#data": "data",
          "#status": "status",
          "#taskToken": "taskToken",
        },
        ExpressionAttributeValues: { ":running": "running", ":awaiting": "awaiting_review" },
        // Short pages: DynamoDB Local answers other requests (/health's, the console's) between them.
        Limit: limit,
        ...(startKey ? { ExclusiveStartKey: startKey } : {}),
      }),
    );
    for (const item of page.Items ?? []) {
      const data = item.data as { status?: string; taskToken?: string | null } | undefined;
      if (data?.status === "running") {
        work.running.push({ [PK]: item[PK], [SK]: item[SK] });
        continue;
      }
      const [t, tenant, entity, negotiationId] = String(item[PK]).split("#");
      const sk = String(item[SK]);
      const messageId = sk.slice(4);
      if (t !== "T" || !tenant || entity !== "NEG" || !negotiationId || !sk.startsWith("MSG#") || !messageId)
        continue;
      work.paused.push({
        key: { [PK]: item[PK], [SK]: item[SK] },
        tenant,
        negotiationId,
        messageId,
        staleToken: data?.taskToken ?? null,
      });
    }
    limit = nextScanPageItems(limit, now() - pageStarted, sizing);
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return work;
};

/** What `carryOnKeptWork` did, for the one summary line. */
export interface KeptWorkSummary {
  interrupted: InterruptedWorkflow[];
  reviews: { reviewable: number; answered: number; late: number };
}

/** The one line `npm start` prints for the kept work, or undefined when there was none. */
export const formatKeptWork = ({ interrupted, reviews }: KeptWorkSummary): string | undefined => {
  const parts: string[] = [];
  const resumed = reviews.reviewable + reviews.late;
  if (resumed > 0) {
    parts.push(
      `${resumed} negotiation message${resumed === 1 ? "" : "s"} awaiting review carried on from the review wait` +
        (reviews.late > 0 ? ` (${reviews.late} not storing a new token yet)` : "") +
        " (GET /negotiations/{id}, POST …/messages/{messageId}/review)",
    );
  }
  const runs = interrupted.filter((w) => w.kind === "shop run").length;
  const messages = interrupted.length - runs;
  if (runs > 0) {
    parts.push(
      `${runs} shop run${runs === 1 ? "" : "s"} marked interrupted (${interrupted
        .filter((w) => w.kind === "shop run")
        .slice(0, 3)
        .map((w) => w.id)
        .join(", ")}${runs > 3 ? ", …" : ""}; a new POST /shop/runs starts one again)`,
    );
  }
  if (messages > 0) {
    parts.push(
      `${messages} negotiation message${messages === 1 ? "" : "s"} marked interrupted (send the supplier's message again: POST /negotiations/{id}/messages)`,
    );
  }
  return parts.length > 0 ? `Kept work        ${parts.join("; ")}` : undefined;
};

/** How many workflows the carrying on restarts at once: few, so /health and the first requests still get
 * DynamoDB Local's JVM while hundreds of paused reviews carry on. */
const KEPT_WORK_CONCURRENCY = 2;

/**
 * After the stack reports ready: marks what the last stop cut short `interrupted` and carries the paused
 * reviews on (the resumer, which a review arriving first has already been able to use). Each mark and each
 * resumption starts only when `turns` gives way (the API idle).
 */
export const carryOnKeptWork = async (
  client: DynamoDBClient,
  tableName: string,
  work: KeptWork,
  resumer: ReviewResumer,
  turns?: Pick<BackgroundTurns, "next">,
): Promise<KeptWorkSummary> => {
  const documents = DynamoDBDocumentClient.from(client);
  const beforeEach = turns ? () => turns.next() : undefined;
  const [interrupted, reviews] = await Promise.all([
    markInterruptedWorkflows(
      documents,
      tableName,
      work.running,
      new Date(),
      KEPT_WORK_CONCURRENCY,
      beforeEach,
    ),
    resumer.resumeAll(KEPT_WORK_CONCURRENCY, beforeEach),
  ]);
  return { interrupted, reviews };
};

/** The resumer of a kept table's paused reviews (see dev/paused-reviews.ts). */
export const reviewResumerFor = (
  client: DynamoDBClient,
  tableName: string,
  work: KeptWork,
  workflows: Pick<LocalWorkflowRunner, "startAt">,
): ReviewResumer =>
  createReviewResumer({
    documents: DynamoDBDocumentClient.from(client),
    tableName,
    workflows,
    paused: work.paused,
  });
