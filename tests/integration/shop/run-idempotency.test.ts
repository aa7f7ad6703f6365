import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAppTable } from "../../../functions/core/db/app-table";
import { ConflictError } from "../../../functions/core/errors";
import type { WorkflowPort } from "../../../functions/core/workflow/workflow-port";
import { createDynamoShopRunRepository } from "../../../functions/shop/adapters/dynamo-shop-run-repository";
import { runOptionsSchema } from "../../../functions/shop/domain/runs/shop-run";
import { startRunWorkflow } from "../../../functions/shop/domain/use-cases/start-run-workflow";
import { createTestTable } from "../../support/table";
import { scaledTimeout } from "../../support/test-timeouts";

/** POST /shop/runs' Idempotency-Key on DynamoDB Local: the key's record keeps the request's fingerprint. */
let testTable: Awaited<ReturnType<typeof createTestTable>>;
beforeAll(async () => {
  testTable = await createTestTable();
}, scaledTimeout(60_000));
afterAll(async () => {
  await testTable?.drop();
});

describe("a shop run's Idempotency-Key in DynamoDB", () => {
  it("answers the same run for the same request and 409 idempotency_key_reused for another", async () => {
    const table = createAppTable({ TABLE_NAME: testTable.tableName, DYNAMODB_ENDPOINT: testTable.endpoint });
    const runs = createDynamoShopRunRepository(table.forTenant("tenant-idem"));
    const started: string[] = [];
    // The workflow engine is not what this checks: a start is recorded, as the workflow port would.
    const workflows: Pick<WorkflowPort, "start" | "describe"> = {
      start: async (_name, _input, options) => {
        started.push(options?.executionName ?? "");
        return { executionId: `exec-${started.length}`, startedAt: new Date().toISOString() };
      },
      describe: async () => {
        throw new Error("not described here");
      },
    };
    let counter = 0;
    const deps = { runs, workflows, newRunId: () => `run_idem_${++counter}`, now: () => new Date() };
    const request = {
      tenant: "tenant-idem",
      householdId: "tenant-idem",
      options: runOptionsSchema.parse({ maxConcurrency: 5 }),
      idempotencyKey: "retry-me",
    };
    const first = await startRunWorkflow(deps, request);
    expect(first).toEqual({ runId: "run_idem_1", created: true });
    expect(await startRunWorkflow(deps, request)).toEqual({ runId: "run_idem_1", created: false });
    const reused = startRunWorkflow(deps, {
      ...request,
      options: runOptionsSchema.parse({ maxConcurrency: 6 }),
    });
    await expect(reused).rejects.toBeInstanceOf(ConflictError);
    await expect(reused).rejects.toMatchObject({ code: "idempotency_key_reused" });
    expect(started).toEqual(["run_idem_1"]);
  });
});
