import { describe, expect, it } from "vitest";
import type { WorkflowExecution } from "../../../../functions/core/workflow/workflow-port";
import type { ShopRunRepository } from "../../../../functions/shop/domain/ports/shop-run-repository";
import type { RunHeader } from "../../../../functions/shop/domain/runs/shop-run";
import { getRunView } from "../../../../functions/shop/domain/use-cases/get-run";

const header = {
  runId: "run-1",
  status: "succeeded",
  startedAt: "2026-01-01T10:00:00.000Z",
  endedAt: "2026-01-01T10:00:05.000Z",
  executionId: "exec-1",
} as RunHeader;

const execution = (saveRunExitedAt: string): WorkflowExecution => ({
  executionId: "exec-1",
  workflowName: "shop-coordinator",
  status: "SUCCEEDED",
  input: {},
  startedAt: header.startedAt,
  steps: [
    {
      name: "SaveRun",
      type: "Task",
      enteredAt: "2026-01-01T10:00:04.900Z",
      exitedAt: saveRunExitedAt,
      status: "SUCCEEDED",
      retries: 0,
    } as WorkflowExecution["steps"][number],
  ],
});

const view = (saveRunExitedAt: string) =>
  getRunView(
    {
      runs: { getRun: async () => header, listItems: async () => [] } as unknown as ShopRunRepository,
      workflows: {
        start: async () => ({ executionId: "", startedAt: "" }),
        describe: async () => execution(saveRunExitedAt),
      },
    },
    "run-1",
  );

describe("a run's view", () => {
  it("never ends before its last step (SaveRun writes endedAt before the step itself ends)", async () => {
    const seen = await view("2026-01-01T10:00:05.040Z");
    expect(seen.endedAt).toBe("2026-01-01T10:00:05.040Z");
    expect(seen.steps[0]?.endedAt).toBe("2026-01-01T10:00:05.040Z");
  });

  it("keeps the header's endedAt when it is the latest", async () => {
    expect((await view("2026-01-01T10:00:04.950Z")).endedAt).toBe(header.endedAt);
  });
});
