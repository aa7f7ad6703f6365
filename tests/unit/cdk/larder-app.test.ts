import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allRoutes, allSchedules, allWorkflows, areas } from "../../../lib/areas";
import { SYNTH_TIMEOUT_MS, scaledTimeout } from "../../support/test-timeouts";
import { type SynthesizedLarder, synthLarder, unacknowledgedNagFindings } from "./synth-larder";

// The app's real area definitions (the fixtures cover the wiring in detail). Unbundled to stay fast;
// `npm run synth` bundles them.
let synth: SynthesizedLarder;

beforeAll(() => {
  synth = synthLarder({ areas, bundle: false });
}, scaledTimeout(SYNTH_TIMEOUT_MS));

afterAll(() => synth.dispose());

describe("the app's area definitions", () => {
  it(
    "synthesize with no unacknowledged AwsSolutions finding",
    () => {
      expect(unacknowledgedNagFindings(synth.stack)).toEqual([]);
    },
    scaledTimeout(30_000),
  );

  it("produce every route they define, with the authorizer exactly on the non-public ones", () => {
    const deployed = Object.values(synth.template.findResources("AWS::ApiGatewayV2::Route")).map((r) => {
      const p = r.Properties as { RouteKey: string; AuthorizationType: string };
      return `${p.RouteKey} ${p.AuthorizationType}`;
    });
    const defined = allRoutes().map((r) => `${r.route} ${r.public ? "NONE" : "JWT"}`);
    expect(deployed.sort()).toEqual(defined.sort());
  });

  it("produce one state machine per workflow and one schedule per schedule definition", () => {
    synth.template.resourceCountIs("AWS::StepFunctions::StateMachine", allWorkflows().length);
    synth.template.resourceCountIs("AWS::Scheduler::Schedule", allSchedules().length);
  });
});
