import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDynamoShopRunRepository } from "../../../../functions/shop/adapters/dynamo-shop-run-repository";
import type { ShopRunRepository } from "../../../../functions/shop/domain/ports/shop-run-repository";
import type { RunHeader } from "../../../../functions/shop/domain/runs/shop-run";
import { listShopRuns } from "../../../../functions/shop/domain/use-cases/list-runs";
import { expectNextCursorOnlyWhenAnotherItem } from "../../../support/list-paging";
import { createRecordingTable } from "../../../support/recording-dynamo";
import { createTestTable } from "../../../support/table";

let testTable: Awaited<ReturnType<typeof createTestTable>>;
let recording: ReturnType<typeof createRecordingTable>;
let mine: ShopRunRepository;
let theirs: ShopRunRepository;
// From the wall clock: runs expire 90 days after this clock. While it began on 2026-01-01 (every run already
// expired by the wall clock) the oldest run went missing in two full runs, never alone; from the wall clock
// it has not. A TTL sweep of DynamoDB Local is the suspected cause (a 400 s probe saw none).
let clock = Math.floor(Date.now() / 1000) * 1000;
const now = () => new Date(clock);

const succeededWithPrunes = (runId: string, startedAt: string, prunes: number): RunHeader => ({
  runId,
  status: "succeeded",
  startedAt,
  endedAt: startedAt,
  householdId: "house-1",
  options: { maxConcurrency: 20, skipPrune: false, skipSlots: true },
  result: {
    substitutions: [],
    summary: "",
    totalUnavailable: 0,
    totalWithSubstitutes: 0,
    failedItems: [],
    cartAdditions: [],
    pruned: Array.from({ length: prunes }, (_, i) => ({
      productId: `p${i}`,
      name: `P${i}`,
      reason: "stock",
    })),
    slots: [],
    usage: { calls: 0, failedCalls: 0, inputTokens: 0, outputTokens: 0, latencyMs: 0, offlineCalls: 0 },
    heuristicSteps: {},
    offline: true,
    degraded: false,
  },
});

let serial = 0;
/** A run started "now" (each later than the one before), succeeded with `prunes` open decisions. */
const addRun = async (repo: ShopRunRepository, prunes: number): Promise<string> => {
  clock += 1000;
  serial += 1;
  const runId = `run_${String(serial).padStart(5, "0")}`;
  const startedAt = now().toISOString();
  await repo.createRun({ ...succeededWithPrunes(runId, startedAt, 0), status: "running" });
  await repo.updateRun(runId, () => succeededWithPrunes(runId, startedAt, prunes));
  return runId;
};

beforeAll(async () => {
  testTable = await createTestTable();
  recording = createRecordingTable(testTable.endpoint, testTable.tableName, now);
  mine = createDynamoShopRunRepository(recording.forTenant("tenant-a"), now);
  theirs = createDynamoShopRunRepository(recording.forTenant("tenant-b"), now);
});

afterAll(async () => {
  recording?.destroy();
  await testTable?.drop();
});

describe("GET /shop/runs?awaiting=decisions (repository over DynamoDB Local)", () => {
  it("pages 250 awaiting runs newest first with no duplicate or gap while runs are added, never another tenant's, by Query only", async () => {
    const awaiting: string[] = [];
    for (let i = 0; i < 250; i++) {
      awaiting.push(await addRun(mine, (i % 3) + 1));
      // Runs with nothing to decide and another tenant's runs interleave: neither may appear.
      if (i % 5 === 0) await addRun(mine, 0);
      if (i % 7 === 0) await addRun(theirs, 2);
    }
    recording.commands.length = 0;
    const seen: string[] = [];
    const addedDuringPaging: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await mine.listRuns({ limit: 40, awaiting: "decisions", ...(cursor ? { cursor } : {}) });
      for (const run of page.runs) {
        expect(run.openDecisions).toBeGreaterThan(0);
        seen.push(run.runId);
      }
      cursor = page.cursor;
      pages += 1;
      // Writes between pages: new runs (newer than every listed one) and another tenant's.
      addedDuringPaging.push(await addRun(mine, 1));
      await addRun(theirs, 1);
    } while (cursor && pages < 50);

    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual([...awaiting].reverse());
    expect(pages).toBeGreaterThan(6);
    const listCommands = recording.commands.filter(
      (c) => c.name === "QueryCommand" || c.name === "ScanCommand",
    );
    expect(listCommands.length).toBeGreaterThan(0);
    expect(recording.commands.map((c) => c.name)).not.toContain("ScanCommand");
    expect(listCommands.every((c) => c.input.IndexName === "gsi1")).toBe(true);
    // The runs added during paging are listed next time, newest first.
    const fresh = await mine.listRuns({ limit: addedDuringPaging.length, awaiting: "decisions" });
    expect(fresh.runs.map((r) => r.runId)).toEqual([...addedDuringPaging].reverse());
  });

  it("a run leaves the list once every decision is settled", async () => {
    const runId = await addRun(mine, 1);
    expect((await mine.listRuns({ limit: 1, awaiting: "decisions" })).runs[0]?.runId).toBe(runId);
    await mine.updateRun(runId, (header) => ({
      ...header,
      decisions: [
        {
          kind: "prune",
          productId: "p0",
          action: "keep",
          outcome: "recorded",
          decidedAt: now().toISOString(),
        },
      ],
    }));
    const after = await mine.listRuns({ limit: 5, awaiting: "decisions" });
    expect(after.runs.map((r) => r.runId)).not.toContain(runId);
    const all = await mine.listRuns({ limit: 1 });
    expect(all.runs[0]).toMatchObject({ runId, openDecisions: 0 });
  });

  it("each entry says whether its run was degraded, from the run's result; a running run says nothing", async () => {
    const plain = await addRun(mine, 1);
    const degraded = await addRun(mine, 1);
    await mine.updateRun(degraded, (header) =>
      header.result ? { ...header, result: { ...header.result, degraded: true } } : header,
    );
    clock += 1000;
    const running = "run_running_degraded";
    await mine.createRun({
      ...succeededWithPrunes(running, now().toISOString(), 0),
      status: "running",
      result: undefined,
    });
    const page = await mine.listRuns({ limit: 3 });
    const byId = new Map(page.runs.map((run) => [run.runId, run]));
    expect(byId.get(degraded)?.degraded).toBe(true);
    expect(byId.get(plain)?.degraded).toBe(false);
    expect(byId.has(running)).toBe(true);
    expect(byId.get(running)).not.toHaveProperty("degraded");
    const awaiting = await mine.listRuns({ limit: 2, awaiting: "decisions" });
    expect(awaiting.runs.map((run) => [run.runId, run.degraded])).toEqual([
      [degraded, true],
      [plain, false],
    ]);
  });

  it.each([
    ["GET /shop/runs", undefined],
    ["GET /shop/runs?awaiting=decisions", "decisions"],
  ] as const)("%s gives a nextCursor only when another run follows", async (_list, awaiting) => {
    const runs = createDynamoShopRunRepository(
      recording.forTenant(`tenant-cursor-${awaiting ?? "all"}`),
      now,
    );
    await expectNextCursorOnlyWhenAnotherItem(
      () => addRun(runs, 1),
      async (page) => {
        const listed = await listShopRuns({ runs }, { ...page, ...(awaiting ? { awaiting } : {}) });
        return { ids: listed.runs.map((r) => r.runId), nextCursor: listed.nextCursor };
      },
    );
  });
});
