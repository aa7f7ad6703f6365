import { describe, expect, it } from "vitest";
import { ConfigError } from "../../../../functions/core/errors";
import { readWorkflowArns } from "../../../../functions/core/workflow/workflow-arns-config";

const arn = "arn:aws:states:eu-west-1:123456789012:stateMachine:larder-dev-sample";

describe("WORKFLOW_ARNS", () => {
  it("reads a JSON object of workflow names to state machine ARNs", () => {
    expect(readWorkflowArns({ WORKFLOW_ARNS: JSON.stringify({ sample: arn }) })).toEqual({ sample: arn });
  });

  it.each([
    ["missing", undefined, /WORKFLOW_ARNS is missing/],
    ["not JSON", "{sample:", /WORKFLOW_ARNS is malformed/],
    ["not an object", JSON.stringify([arn]), /WORKFLOW_ARNS/],
    [
      "a value that is not a state machine ARN",
      JSON.stringify({ sample: "arn:aws:lambda:x" }),
      /WORKFLOW_ARNS/,
    ],
  ])("fails with the variable's name when %s", (_, value, message) => {
    expect(() => readWorkflowArns({ WORKFLOW_ARNS: value })).toThrow(ConfigError);
    expect(() => readWorkflowArns({ WORKFLOW_ARNS: value })).toThrow(message);
  });
});
