import { describe, expect, it } from "vitest";
import type { AreaDefinition } from "../../../lib/definition-types";
import { synthLarder } from "../../support/cdk/synth-larder";
import { fixtureAreas } from "./fixtures/fixture-areas";

// A mistake in an area definition fails synth with a message naming it, rather than deploying a
// broken route, workflow or schedule.
const [front, back] = fixtureAreas;
if (!front || !back) throw new Error("fixture areas changed");

const synthFails = (areas: AreaDefinition[]) => () => synthLarder({ areas, bundle: false }).dispose();

describe("synth refuses a definition that", () => {
  it("routes to a function no area defines", () => {
    const broken = { ...front, routes: [{ route: "GET /x", functionId: "MissingFn" }] };
    expect(synthFails([broken, back])).toThrow(/MissingFn/);
  });

  it("defines the same function id in two areas", () => {
    expect(
      synthFails([
        front,
        { ...back, area: "copy", functions: front.functions, workflows: [], schedules: [] },
        back,
      ]),
    ).toThrow(/FrontApi is defined twice/);
  });

  it("substitutes a key the ASL does not use, or leaves a placeholder unfilled", () => {
    const [workflow] = back.workflows;
    if (!workflow) throw new Error("fixture areas changed");
    const renamed = {
      ...workflow,
      functionSubstitutions: { WorkerFnArn: "BackWorker", ReportFnArn: "FrontApi" },
    };
    expect(synthFails([front, { ...back, workflows: [renamed] }])).toThrow(
      /\$\{ApiFnArn\} has no substitution; substitution ReportFnArn is not used/,
    );
  });

  it("schedules a workflow no area defines", () => {
    const [schedule] = back.schedules;
    if (!schedule) throw new Error("fixture areas changed");
    const orphan = { ...schedule, target: { ...schedule.target, workflow: "no-such-flow" } };
    expect(synthFails([front, { ...back, schedules: [orphan] }])).toThrow(/no-such-flow/);
  });
});
