import type { HistoryEvent } from "@aws-sdk/client-sfn";
import { ExecutionStepTracker } from "./execution-step-tracker";
import type { WorkflowError, WorkflowStep } from "./workflow-port";

/** What an event says about the state it belongs to; the name is known only for some events. */
interface Expectation {
  type?: string;
  name?: string;
}

const stateEvent = /^(Task|Choice|Fail|Map|Parallel|Pass|Succeed|Wait)State(Entered|Exited|Aborted)$/;
const attemptStarted = new Set([
  "LambdaFunctionScheduled",
  "TaskScheduled",
  "ActivityScheduled",
  "MapStateStarted",
  "ParallelStateStarted",
]);
const attemptSucceeded = new Set([
  "LambdaFunctionSucceeded",
  "TaskSucceeded",
  "ActivitySucceeded",
  "MapStateSucceeded",
  "ParallelStateSucceeded",
]);
const mapIterationEnded = new Set(["MapIterationSucceeded", "MapIterationFailed", "MapIterationAborted"]);

/** The state type an attempt or failure event belongs to, from its name (`LambdaFunctionFailed` → Task). */
const stateTypeOfEvent = (type: string): string | undefined => {
  if (/^(LambdaFunction|Task|Activity)/.test(type)) return "Task";
  if (type.startsWith("MapState")) return "Map";
  if (type.startsWith("ParallelState")) return "Parallel";
  return undefined;
};

const isStateFailure = (type: string): boolean =>
  /(Failed|TimedOut)$/.test(type) && !/^(Execution|MapIteration|MapRun)/.test(type);

/** The `error`/`cause` pair of whichever `*EventDetails` the event carries. */
const errorOf = (event: HistoryEvent): WorkflowError | undefined => {
  for (const [key, value] of Object.entries(event)) {
    if (!key.endsWith("EventDetails") || typeof value !== "object" || value === null) continue;
    const details = value as { error?: unknown; cause?: unknown };
    if (details.error === undefined && details.cause === undefined) continue;
    return { error: String(details.error ?? ""), cause: String(details.cause ?? "") };
  }
  return undefined;
};

/**
 * Turns a Step Functions execution history into steps. Each event points at the event before it on
 * its own path (`previousEventId`), and the events of Map iterations and Parallel branches interleave,
 * so an event belongs to the state whose `*StateEntered` is reached by walking those links back,
 * stepping over the whole span of any state that already closed (its exit or abort jumps to just before
 * its entry) and over finished Map iterations.
 */
export const stepsFromSfnHistory = (history: readonly HistoryEvent[]): WorkflowStep[] => {
  const events = history
    .filter((e): e is HistoryEvent & { id: number } => typeof e.id === "number")
    .sort((a, b) => a.id - b.id);
  const byId = new Map(events.map((e) => [e.id, e]));
  const tracker = new ExecutionStepTracker<number>();
  const ownerOfClosingEvent = new Map<number, number>();
  const attemptsByOwner = new Map<number, number>();
  let lastError: WorkflowError | undefined;

  const iterationStartBefore = (event: HistoryEvent & { id: number }) => {
    const { name, index } = event.mapIterationFailedEventDetails ??
      event.mapIterationSucceededEventDetails ??
      event.mapIterationAbortedEventDetails ?? { name: undefined, index: undefined };
    for (let id = event.id - 1; id > 0; id -= 1) {
      const candidate = byId.get(id);
      const details = candidate?.mapIterationStartedEventDetails;
      if (candidate?.type === "MapIterationStarted" && details?.name === name && details?.index === index) {
        return candidate;
      }
    }
    return undefined;
  };

  const ownerOf = (event: HistoryEvent & { id: number }, expected: Expectation): number | undefined => {
    let current: number | undefined = event.previousEventId;
    let bound = event.id;
    while (current !== undefined && current > 0 && current < bound) {
      bound = current;
      const candidate = byId.get(current);
      if (!candidate) return undefined;
      const match = stateEvent.exec(candidate.type ?? "");
      if (match?.[2] === "Entered") {
        const name = candidate.stateEnteredEventDetails?.name;
        const fits =
          (expected.type === undefined || expected.type === match[1]) &&
          (expected.name === undefined || expected.name === name);
        if (fits) return candidate.id;
        current = candidate.previousEventId;
        continue;
      }
      const closedOwner = ownerOfClosingEvent.get(candidate.id);
      if (closedOwner !== undefined) {
        current = byId.get(closedOwner)?.previousEventId;
        continue;
      }
      if (mapIterationEnded.has(candidate.type ?? "")) {
        current = iterationStartBefore(candidate)?.previousEventId ?? candidate.previousEventId;
        continue;
      }
      current = candidate.previousEventId;
    }
    return undefined;
  };

  for (const event of events) {
    const type = event.type ?? "";
    const at = event.timestamp ?? new Date(0);
    const match = stateEvent.exec(type);
    if (match) {
      const [, stateType, phase] = match;
      if (phase === "Entered") {
        tracker.enter(event.id, event.stateEnteredEventDetails?.name ?? "", stateType ?? "", at);
        continue;
      }
      const name = event.stateExitedEventDetails?.name;
      const owner = ownerOf(event, { type: stateType, name });
      if (owner === undefined) continue;
      ownerOfClosingEvent.set(event.id, owner);
      if (phase === "Exited") tracker.exit(owner, at);
      else tracker.abort(owner);
      continue;
    }
    if (attemptStarted.has(type)) {
      const owner = ownerOf(event, { type: stateTypeOfEvent(type) });
      if (owner === undefined) continue;
      const attempts = (attemptsByOwner.get(owner) ?? 0) + 1;
      attemptsByOwner.set(owner, attempts);
      if (attempts > 1) tracker.retried(owner);
      continue;
    }
    if (attemptSucceeded.has(type)) {
      const owner = ownerOf(event, { type: stateTypeOfEvent(type) });
      if (owner !== undefined) tracker.attemptSucceeded(owner);
      continue;
    }
    if (isStateFailure(type)) {
      const error = errorOf(event) ?? lastError;
      if (error) lastError = error;
      const stateName = event.evaluationFailedEventDetails?.state;
      const owner = ownerOf(event, { type: stateTypeOfEvent(type), name: stateName });
      if (owner !== undefined && error) tracker.attemptFailed(owner, error);
      continue;
    }
    if (type === "ExecutionFailed") {
      // A Fail state has no failure event of its own: the execution's error is its error.
      const owner = ownerOf(event, {});
      const error = errorOf(event);
      if (owner !== undefined && error && tracker.typeOf(owner) === "Fail")
        tracker.attemptFailed(owner, error);
    }
  }
  if (events.some((e) => /^Execution(Succeeded|Failed|TimedOut|Aborted)$/.test(e.type ?? "")))
    tracker.finish();
  return tracker.steps();
};
