import type { StateMachine } from "aws-local-stepfunctions";
import { ExecutionStepTracker } from "../../functions/core/workflow/execution-step-tracker";
import type { WorkflowStep } from "../../functions/core/workflow/workflow-port";

/** One event of aws-local-stepfunctions' execution log (the package does not export the type). */
export type LocalExecutionEvent =
  ReturnType<StateMachine["run"]>["eventLogs"] extends AsyncGenerator<infer E> ? E : never;

const causeText = (cause: unknown): string =>
  typeof cause === "string" ? cause : (JSON.stringify(cause) ?? "");

/**
 * Turns the local event log into steps. State events carry the state's name and, inside a Map, the
 * iteration index; within one iteration a state runs one visit at a time, so an event belongs to the
 * latest open visit of that state in that iteration. Retries happen inside a visit (no new entry event),
 * as on AWS.
 */
export const stepsFromLocalEvents = (
  events: readonly LocalExecutionEvent[],
  executionEnded: boolean,
): WorkflowStep[] => {
  const tracker = new ExecutionStepTracker<number>();
  const openVisits = new Map<string, number[]>();
  let nextKey = 0;

  for (const event of events) {
    if (!("state" in event)) continue;
    const visitKey = `${event.state.name}#${event.index ?? ""}`;
    const visits = openVisits.get(visitKey) ?? [];
    openVisits.set(visitKey, visits);
    const current = visits.at(-1);
    switch (event.type) {
      case "StateEntered": {
        const key = nextKey++;
        tracker.enter(key, event.state.name, event.state.type, new Date(event.timestamp));
        visits.push(key);
        break;
      }
      case "StateFailed":
        if (current !== undefined)
          tracker.attemptFailed(current, { error: event.Error, cause: causeText(event.Cause) });
        break;
      case "StateRetried":
        if (current !== undefined) tracker.retried(current);
        break;
      case "StateExited":
        if (current !== undefined) {
          tracker.exit(current, new Date(event.timestamp));
          visits.pop();
        }
        break;
      default:
        // StateCaught: the exit that follows records it (an exit after a failed attempt is CAUGHT).
        break;
    }
  }
  if (executionEnded) tracker.finish();
  return tracker.steps();
};
