import { Match } from "aws-cdk-lib/assertions";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shopArea } from "../../../lib/areas/shop";
import { type SynthesizedLarder, synthLarder } from "../../support/cdk/synth-larder";
import { SYNTH_TIMEOUT_MS, scaledTimeout } from "../../support/test-timeouts";

// The shop area alone, unbundled: the weekly schedule's wiring as CloudFormation gets it.
let synth: SynthesizedLarder;
beforeAll(() => {
  synth = synthLarder({ areas: [shopArea], bundle: false });
}, scaledTimeout(SYNTH_TIMEOUT_MS));
afterAll(() => synth.dispose());

const logicalIdOfStateMachine = (suffix: string): string => {
  const machines = synth.template.findResources("AWS::StepFunctions::StateMachine", {
    Properties: { StateMachineName: Match.stringLikeRegexp(`${suffix}$`) },
  });
  const [id] = Object.keys(machines);
  if (!id) throw new Error(`no state machine ${suffix}`);
  return id;
};

describe("the shop area's weekly runs", () => {
  it("are one hourly EventBridge schedule starting the shop-weekly-runs workflow", () => {
    synth.template.hasResourceProperties("AWS::Scheduler::Schedule", {
      ScheduleExpression: "cron(0 * * * ? *)",
      Target: { Arn: { Ref: logicalIdOfStateMachine("shop-weekly-runs") }, Input: "{}" },
    });
  });

  it("hand the tick's start time to a Lambda that may start the coordinator and use the table", () => {
    const weekly = synth.template.findResources("AWS::StepFunctions::StateMachine", {
      Properties: { StateMachineName: Match.stringLikeRegexp("shop-weekly-runs$") },
    });
    const definition = JSON.stringify(Object.values(weekly)[0]?.Properties);
    expect(definition).toContain("$$.Execution.StartTime");

    const functions = synth.template.findResources("AWS::Lambda::Function", {
      Properties: { Description: Match.stringLikeRegexp("^Weekly schedule") },
    });
    const [functionId, fn] = Object.entries(functions)[0] ?? [];
    if (!functionId || !fn) throw new Error("no ShopStartWeeklyRuns function");
    const environment = JSON.stringify(fn.Properties);
    expect(environment).toContain("TABLE_NAME");
    expect(environment).toContain("shop-coordinator");

    const policies = JSON.stringify(
      synth.template.findResources("AWS::IAM::Policy", {
        Properties: {
          Roles: Match.arrayWith([Match.objectLike({ Ref: Match.stringLikeRegexp("ShopStartWeeklyRuns") })]),
        },
      }),
    );
    expect(policies).toContain("states:StartExecution");
    expect(policies).toContain("dynamodb:PutItem");
  });
});
