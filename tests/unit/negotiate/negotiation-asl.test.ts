import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MAX_ITERATIONS } from "../../../functions/negotiate/domain/orchestrator";
import { NEGOTIATION_MODEL_STEPS } from "../../../functions/negotiate/wiring/negotiation-model-steps";
import { NEGOTIATION_TABLE_STEPS } from "../../../functions/negotiate/wiring/negotiation-table-steps";
import { negotiateArea } from "../../../lib/areas/negotiate";
import { PUT_EVENTS_RESOURCE } from "../../../lib/asl-placeholders";
import { repositoryRoot } from "../../../lib/repository-root";

interface State {
  Type: string;
  Resource?: string;
  Parameters?: Record<string, unknown>;
  Choices?: Array<Record<string, unknown>>;
  Branches?: Array<{ States: Record<string, State> }>;
  TimeoutSeconds?: number;
}
const asl = JSON.parse(readFileSync(join(repositoryRoot, "statemachines/negotiation.asl.json"), "utf8")) as {
  States: Record<string, State>;
};
const states = asl.States;

describe("statemachines/negotiation.asl.json", () => {
  it("stops the orchestrator loop at MAX_ITERATIONS rounds, into the safety valve", () => {
    const cap = states.Route?.Choices?.find((c) => "NumericGreaterThanEquals" in c);
    expect(cap).toMatchObject({
      Variable: "$.decision.round",
      NumericGreaterThanEquals: MAX_ITERATIONS,
      Next: "SafetyValve",
    });
  });

  it("asks the extraction and escalation experts in one Parallel state", () => {
    const branches = states.ConsultExperts?.Branches?.map((b) => Object.keys(b.States));
    expect(states.ConsultExperts?.Type).toBe("Parallel");
    expect(branches).toEqual([["FirstConsultExtractionExpert"], ["FirstConsultEscalationExpert"]]);
  });

  it("pauses the review on a task token, for longer than any workflow step but within the workflow's timeout", () => {
    const review = states.AwaitReview;
    expect(review?.Resource).toBe("arn:aws:states:::lambda:invoke.waitForTaskToken");
    expect(review?.Parameters).toMatchObject({ Payload: { "taskToken.$": "$$.Task.Token" } });
    const workflow = negotiateArea.workflows[0];
    expect(review?.TimeoutSeconds).toBeLessThan(workflow?.timeoutSeconds ?? 0);
  });

  it("passes ids and routing values between states, never opinions or emails", () => {
    const allowed = new Set([
      "tenant.$",
      "negotiationId.$",
      "messageId.$",
      "round",
      "round.$",
      "question",
      "question.$",
      "previousRound.$",
      "ending.$",
      "modelFailure.$",
      "review.$",
      "failure.$",
      "FunctionName",
      "Payload",
    ]);
    const tasks = [
      ...Object.values(states),
      ...Object.values(states).flatMap((s) => (s.Branches ?? []).flatMap((b) => Object.values(b.States))),
    ].filter((s) => s.Type === "Task");
    // A domain event (docs/events/) carries the same ids and routing values, plus its id and version.
    const eventKeys = new Set([...allowed, "eventId.$", "schemaVersion", "action.$", "by", "decision.$"]);
    for (const task of tasks) {
      if (task.Resource === PUT_EVENTS_RESOURCE) {
        const entries = (task.Parameters as { Entries: { Detail: Record<string, unknown> }[] }).Entries;
        for (const key of entries.flatMap((e) => Object.keys(e.Detail))) expect(eventKeys).toContain(key);
        continue;
      }
      for (const key of Object.keys(task.Parameters ?? {})) expect(allowed).toContain(key);
    }
  });

  it("gives every Lambda Task more time than its Lambda, so the step's own model deadline and fallback run first", () => {
    // The ASL default for a Task is 60 s (aws-local-stepfunctions applies it), less than a model step's Lambda.
    const substitutions = negotiateArea.workflows[0]?.functionSubstitutions ?? {};
    const tasks = [
      ...Object.entries(states),
      ...Object.values(states).flatMap((s) => (s.Branches ?? []).flatMap((b) => Object.entries(b.States))),
    ].filter(
      ([name, s]) => s.Type === "Task" && name !== "AwaitReview" && s.Resource !== PUT_EVENTS_RESOURCE,
    );
    expect(tasks.length).toBeGreaterThan(8);
    for (const [name, task] of tasks) {
      const placeholder = /^\$\{(\w+)\}$/.exec(task.Resource ?? "")?.[1] ?? "";
      const fn = negotiateArea.functions.find((f) => f.id === substitutions[placeholder]);
      expect(fn, name).toBeDefined();
      expect(task.TimeoutSeconds, name).toBeGreaterThan(fn?.timeoutSeconds ?? Number.POSITIVE_INFINITY);
    }
  });

  it("gives each step one name: its state, its function after `Negotiate`, its entry and its log name", () => {
    // The experts' use case is shared (consult-expert-step.ts); the first fan-out's branches are the same
    // functions under `First…`, as ASL state names are unique per machine.
    const substitutions = negotiateArea.workflows[0]?.functionSubstitutions ?? {};
    const steps: Record<string, { name: string }> = {
      ...NEGOTIATION_MODEL_STEPS,
      ...NEGOTIATION_TABLE_STEPS,
    };
    const functionOf = (s: State): string | undefined => {
      const placeholder =
        s.Resource === PUT_EVENTS_RESOURCE ? undefined : (s.Parameters?.FunctionName ?? s.Resource);
      return substitutions[/^\$\{(\w+)\}$/.exec(String(placeholder ?? ""))?.[1] ?? ""];
    };
    const named: [string, string][] = [];
    for (const [name, s] of Object.entries(states)) {
      const id = functionOf(s);
      if (id) named.push([name, id]);
      for (const [branchName, branchState] of (s.Branches ?? []).flatMap((b) => Object.entries(b.States))) {
        const branchId = functionOf(branchState);
        if (branchId) named.push([branchName.replace(/^First/, ""), branchId]);
      }
    }
    expect(new Set(named.map(([, id]) => id))).toEqual(new Set(Object.keys(steps)));
    for (const [state, id] of named) expect(id).toBe(`Negotiate${state}`);
    for (const fn of negotiateArea.functions.filter((f) => f.id !== "NegotiateApi")) {
      const state = fn.id.replace(/^Negotiate/, "");
      expect(steps[fn.id]?.name, fn.id).toBe(state);
      const kebab = state.replace(/([a-z])([A-Z])/g, "$1-$2").toLowerCase();
      expect(fn.entry).toBe(`functions/negotiate/entries/${kebab}-step.ts`);
      const useCase = /^consult-\w+-expert$/.test(kebab) ? "consult-expert" : kebab;
      expect(
        existsSync(join(repositoryRoot, `functions/negotiate/domain/use-cases/${useCase}-step.ts`)),
        fn.id,
      ).toBe(true);
    }
  });
});
