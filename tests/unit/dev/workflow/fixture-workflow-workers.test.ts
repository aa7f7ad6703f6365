import { describe, expect, it } from "vitest";
import { reportFlakyStepFailure } from "../../../fixtures/workflows/sample/domain/failure-report";
import {
  createInMemoryAttemptCounter,
  runFlakyStep,
  SampleTransientError,
} from "../../../fixtures/workflows/sample/domain/flaky-attempts";
import { processSampleItem } from "../../../fixtures/workflows/sample/domain/sample-item";

describe("the sample's flaky step", () => {
  it("fails the first N attempts of a key with a retryable error, then succeeds counting every attempt", () => {
    const counter = createInMemoryAttemptCounter();
    const input = { attemptKey: "exec-1", failFirstAttempts: 2 };

    expect(() => runFlakyStep(input, counter)).toThrow(SampleTransientError);
    expect(() => runFlakyStep(input, counter)).toThrow(/Attempt 2 fails on purpose/);
    expect(runFlakyStep(input, counter)).toEqual({ attempts: 3 });
  });

  it("counts each key on its own and starts over once a key has succeeded", () => {
    const counter = createInMemoryAttemptCounter();
    expect(() => runFlakyStep({ attemptKey: "a", failFirstAttempts: 1 }, counter)).toThrow(
      SampleTransientError,
    );
    expect(runFlakyStep({ attemptKey: "b", failFirstAttempts: 0 }, counter)).toEqual({ attempts: 1 });
    expect(runFlakyStep({ attemptKey: "a", failFirstAttempts: 1 }, counter)).toEqual({ attempts: 2 });
    expect(counter.countAttempt("a")).toBe(1);
  });

  it("forgets the least recently attempted key beyond its capacity", () => {
    const counter = createInMemoryAttemptCounter(2);
    counter.countAttempt("old");
    counter.countAttempt("middle");
    counter.countAttempt("old");
    counter.countAttempt("new");

    expect(counter.countAttempt("old")).toBe(3);
    expect(counter.countAttempt("middle")).toBe(1);
  });

  it("names its error SampleTransientError, the name the ASL's Retry matches", () => {
    expect(new SampleTransientError("x").name).toBe("SampleTransientError");
  });
});

describe("the sample's other workers", () => {
  it("keys an item by its trimmed, lower-case, dashed text", () => {
    expect(processSampleItem({ item: "  Free  Range Eggs ", index: 4 })).toEqual({
      index: 4,
      item: "  Free  Range Eggs ",
      key: "free-range-eggs",
    });
  });

  it("reports a caught Lambda error with the message from its JSON cause", () => {
    const cause = JSON.stringify({
      errorType: "SampleTransientError",
      errorMessage: "Attempt 3 failed",
      trace: [],
    });
    expect(reportFlakyStepFailure({ Error: "SampleTransientError", Cause: cause })).toEqual({
      error: "SampleFlakyStepFailed",
      caughtError: "SampleTransientError",
      summary: "The flaky step gave up after its retries: SampleTransientError: Attempt 3 failed",
    });
  });

  it("reports a caught error whose cause is plain text, or missing, as it is", () => {
    expect(reportFlakyStepFailure({ Error: "Sandbox.Timedout", Cause: "Task timed out" }).summary).toContain(
      "Sandbox.Timedout: Task timed out",
    );
    expect(reportFlakyStepFailure({ Error: "States.TaskFailed" }).summary).toContain("no cause given");
  });
});
