import type { AreaDefinition } from "../definition-types";

/**
 * A small workflow that proves the path from a schedule through Step Functions to Lambda, locally and
 * on AWS: Map fan-out, a Choice loop with a counter, Retry and Catch (statemachines/sample.asl.json).
 */
export const sampleArea: AreaDefinition = {
  area: "sample",
  functions: [
    {
      id: "SamplePrepareRun",
      entry: "functions/sample/prepare-run.ts",
      handler: "handler",
      description: "Sample workflow: validates the run input",
      needs: [],
      timeoutSeconds: 10,
    },
    {
      id: "SampleProcessItem",
      entry: "functions/sample/process-item.ts",
      handler: "handler",
      description: "Sample workflow: processes one item of the Map",
      needs: [],
      timeoutSeconds: 10,
    },
    {
      id: "SampleFlakyStep",
      entry: "functions/sample/flaky-step.ts",
      handler: "handler",
      description: "Sample workflow: fails its first attempts on purpose, for Retry and Catch",
      needs: [],
      timeoutSeconds: 10,
    },
    {
      id: "SampleHandleFailure",
      entry: "functions/sample/handle-failure.ts",
      handler: "handler",
      description: "Sample workflow: reports the error the Catch route received",
      needs: [],
      timeoutSeconds: 10,
    },
  ],
  routes: [],
  workflows: [
    {
      name: "sample",
      file: "statemachines/sample.asl.json",
      functionSubstitutions: {
        SamplePrepareRunFnArn: "SamplePrepareRun",
        SampleProcessItemFnArn: "SampleProcessItem",
        SampleFlakyStepFnArn: "SampleFlakyStep",
        SampleHandleFailureFnArn: "SampleHandleFailure",
      },
      timeoutSeconds: 300,
    },
  ],
  schedules: [
    {
      name: "sample-daily",
      expression: "rate(1 day)",
      description:
        "Runs the sample workflow once a day, so the schedule → workflow → Lambda path stays proven",
      target: {
        workflow: "sample",
        input: { items: ["Flour", "Free range eggs", "Milk"], loopBound: 3, failFirstAttempts: 1 },
      },
    },
  ],
};
