import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { allFunctions, allRoutes, allSchedules, allWorkflows, areas } from "../../../lib/areas/index";
import { aslPlaceholders } from "../../../lib/asl-placeholders";
import type { WorkflowDefinition } from "../../../lib/definition-types";
import { repositoryRoot } from "../../../lib/repository-root";

/**
 * Nothing is deployed that nothing calls (a Lambda with the Chromium layer and 2 GB that no one invokes
 * costs a deployment and a bundle budget for nothing): every function of lib/areas is the target of a
 * route, a Task of a workflow's ASL, or a schedule's target.
 */

/** `${name}` as it appears in ASL text. */
const placeholder = (name: string) => `\${${name}}`;

/** The `${Name}` placeholders a Task state invokes: its Resource, or the FunctionName of lambda:invoke. */
const taskPlaceholders = (node: unknown, found: Set<string> = new Set()): Set<string> => {
  if (Array.isArray(node)) {
    for (const item of node) taskPlaceholders(item, found);
    return found;
  }
  if (node === null || typeof node !== "object") return found;
  const state = node as Record<string, unknown>;
  if (state.Type === "Task") {
    const invoked = [
      state.Resource,
      (state.Parameters as Record<string, unknown> | undefined)?.FunctionName,
      (state.Arguments as Record<string, unknown> | undefined)?.FunctionName,
    ];
    for (const field of invoked) {
      if (typeof field === "string") for (const name of aslPlaceholders(field)) found.add(name);
    }
  }
  // States, Parallel branches, Map item processors (and their legacy Iterator), Catch and the rest.
  for (const value of Object.values(state)) taskPlaceholders(value, found);
  return found;
};

/** The function ids a workflow's Task states invoke, through its substitutions. */
const taskFunctionIds = (workflow: WorkflowDefinition): string[] => {
  const asl: unknown = JSON.parse(readFileSync(join(repositoryRoot, workflow.file), "utf8"));
  return [...taskPlaceholders(asl)].flatMap((name) => {
    const functionId = workflow.functionSubstitutions[name];
    return functionId === undefined ? [] : [functionId];
  });
};

/** A schedule's target, when it names a function rather than a workflow. */
const scheduledFunctionId = (target: unknown): string | undefined => {
  const named = (target as { function?: unknown; functionId?: unknown }) ?? {};
  const id = named.functionId ?? named.function;
  return typeof id === "string" ? id : undefined;
};

const invokedFunctionIds = (): Set<string> =>
  new Set([
    ...allRoutes().map((route) => route.functionId),
    ...allWorkflows().flatMap(taskFunctionIds),
    ...allSchedules().flatMap((schedule) => scheduledFunctionId(schedule.target) ?? []),
  ]);

describe("every function of lib/areas", () => {
  it("has areas to check", () => {
    expect(areas.length).toBeGreaterThan(0);
    expect(allFunctions().length).toBeGreaterThan(0);
  });

  it("is a route target, a workflow Task or a schedule target (the list names the uncalled ones)", () => {
    const invoked = invokedFunctionIds();
    const uncalled = allFunctions()
      .map((fn) => fn.id)
      .filter((id) => !invoked.has(id));
    expect(uncalled).toEqual([]);
  });

  it("reads a workflow's Tasks inside Map item processors and through lambda:invoke's FunctionName", () => {
    const asl = {
      StartAt: "Each",
      States: {
        Each: {
          Type: "Map",
          ItemProcessor: {
            StartAt: "Work",
            States: { Work: { Type: "Task", Resource: placeholder("WorkerFnArn"), End: true } },
          },
          Next: "Wait",
        },
        Wait: {
          Type: "Task",
          Resource: "arn:aws:states:::lambda:invoke.waitForTaskToken",
          Parameters: { FunctionName: placeholder("ReviewFnArn"), "Payload.$": "$" },
          End: true,
        },
        Unused: { Type: "Pass", Result: placeholder("NotATaskFnArn"), End: true },
      },
    };
    expect([...taskPlaceholders(asl)].sort()).toEqual(["ReviewFnArn", "WorkerFnArn"]);
  });
});
