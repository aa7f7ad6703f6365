import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createScheduleRunner } from "../../../../dev/schedule-runner";
import { ConfigError, NotFoundError } from "../../../../functions/core/errors";
import type { WorkflowPort } from "../../../../functions/core/workflow/workflow-port";
import { allSchedules } from "../../../../lib/areas";
import type { ScheduleDefinition } from "../../../../lib/definition-types";

interface StartCall {
  workflowName: string;
  input: unknown;
  at: string;
}

/** A WorkflowPort that records what was started and when. */
const recordingWorkflows = () => {
  const calls: StartCall[] = [];
  const port: WorkflowPort = {
    async start(workflowName, input) {
      calls.push({ workflowName, input, at: new Date().toISOString() });
      return { executionId: `exec-${calls.length}`, startedAt: new Date().toISOString() };
    },
    async describe() {
      throw new Error("not used");
    },
    async sendTaskSuccess() {
      throw new Error("not used");
    },
    async sendTaskFailure() {
      throw new Error("not used");
    },
  };
  return { port, calls };
};

const schedule = (overrides: Partial<ScheduleDefinition>): ScheduleDefinition => ({
  name: "every-ten-minutes",
  expression: "rate(10 minutes)",
  description: "test schedule",
  target: { workflow: "sample", input: { items: ["a"] } },
  ...overrides,
});

describe("schedule runner", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-01-01T00:00:00Z"));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("starts the target workflow with the schedule's input each time a rate comes due", async () => {
    const { port, calls } = recordingWorkflows();
    const runner = createScheduleRunner({ workflows: port, schedules: [schedule({})] });
    runner.start();

    await vi.advanceTimersByTimeAsync(9 * 60_000);
    expect(calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(21 * 60_000);

    expect(calls).toEqual([
      { workflowName: "sample", input: { items: ["a"] }, at: "2026-01-01T00:10:00.000Z" },
      { workflowName: "sample", input: { items: ["a"] }, at: "2026-01-01T00:20:00.000Z" },
      { workflowName: "sample", input: { items: ["a"] }, at: "2026-01-01T00:30:00.000Z" },
    ]);
    runner.stop();
  });

  it("fires cron schedules at their UTC times and reports the next one", async () => {
    const { port, calls } = recordingWorkflows();
    const runner = createScheduleRunner({
      workflows: port,
      schedules: [schedule({ name: "morning", expression: "cron(30 6 * * ? *)" })],
    });
    runner.start();
    expect(runner.nextFireTimes()).toEqual({ morning: "2026-01-01T06:30:00.000Z" });

    await vi.advanceTimersByTimeAsync(24 * 3_600_000);

    expect(calls.map((c) => c.at)).toEqual(["2026-01-01T06:30:00.000Z"]);
    expect(runner.nextFireTimes()).toEqual({ morning: "2026-01-02T06:30:00.000Z" });
    runner.stop();
  });

  it("waits out delays longer than a timer can hold", async () => {
    const { port, calls } = recordingWorkflows();
    const runner = createScheduleRunner({
      workflows: port,
      schedules: [schedule({ name: "yearly", expression: "cron(0 0 1 1 ? *)" })],
    });
    runner.start();

    await vi.advanceTimersByTimeAsync(364 * 86_400_000);
    expect(calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(2 * 86_400_000);

    expect(calls.map((c) => c.at)).toEqual(["2027-01-01T00:00:00.000Z"]);
    runner.stop();
  });

  it("fires a schedule on demand with fireNow, without waiting for its time", async () => {
    const { port, calls } = recordingWorkflows();
    const runner = createScheduleRunner({
      workflows: port,
      schedules: [schedule({ expression: "rate(1 day)" })],
    });

    const started = await runner.fireNow("every-ten-minutes");

    expect(started.executionId).toBe("exec-1");
    expect(calls).toEqual([
      { workflowName: "sample", input: { items: ["a"] }, at: "2026-01-01T00:00:00.000Z" },
    ]);
  });

  it("refuses fireNow for an unknown schedule", async () => {
    const { port } = recordingWorkflows();
    const runner = createScheduleRunner({ workflows: port, schedules: [schedule({})] });
    await expect(runner.fireNow("nope")).rejects.toBeInstanceOf(NotFoundError);
  });

  it("fires nothing after stop", async () => {
    const { port, calls } = recordingWorkflows();
    const runner = createScheduleRunner({ workflows: port, schedules: [schedule({})] });
    runner.start();
    runner.stop();

    await vi.advanceTimersByTimeAsync(60 * 60_000);

    expect(calls).toEqual([]);
    expect(runner.nextFireTimes()).toEqual({});
  });

  it("keeps firing after the workflow port fails once", async () => {
    const { port, calls } = recordingWorkflows();
    let failures = 0;
    const flaky: WorkflowPort = {
      ...port,
      start: async (name, input) => {
        if (failures++ === 0) throw new Error("unavailable");
        return port.start(name, input);
      },
    };
    const runner = createScheduleRunner({ workflows: flaky, schedules: [schedule({})] });
    runner.start();

    await vi.advanceTimersByTimeAsync(20 * 60_000);

    expect(calls.map((c) => c.at)).toEqual(["2026-01-01T00:20:00.000Z"]);
    runner.stop();
  });

  it("refuses at creation a bad expression or a target workflow that does not exist", () => {
    const { port } = recordingWorkflows();
    expect(() =>
      createScheduleRunner({ workflows: port, schedules: [schedule({ expression: "rate(1 minutes)" })] }),
    ).toThrow(ConfigError);
    expect(() =>
      createScheduleRunner({ workflows: port, schedules: [schedule({})], knownWorkflows: ["other"] }),
    ).toThrow(/targets workflow "sample"/);
  });

  it("loads the app's own schedules by default, each with a valid expression", () => {
    const { port } = recordingWorkflows();
    const runner = createScheduleRunner({ workflows: port });
    runner.start();
    expect(Object.keys(runner.nextFireTimes()).sort()).toEqual(
      allSchedules()
        .map((s) => s.name)
        .sort(),
    );
    runner.stop();
  });
});
