import { randomUUID } from "node:crypto";
import {
  DescribeExecutionCommand,
  type HistoryEvent,
  paginateGetExecutionHistory,
  SendTaskFailureCommand,
  SendTaskSuccessCommand,
  type SFNClient,
  StartExecutionCommand,
} from "@aws-sdk/client-sfn";
import {
  ConfigError,
  ConflictError,
  DependencyUnavailableError,
  NotFoundError,
  RateLimitedError,
  ValidationError,
} from "../errors";
import { assertValidExecutionName, serializeExecutionInput } from "./execution-input";
import { stepsFromSfnHistory } from "./steps-from-sfn-history";
import type { WorkflowArns } from "./workflow-arns-config";
import type { ExecutionStatus, WorkflowError, WorkflowPort } from "./workflow-port";

export interface SfnWorkflowAdapterOptions {
  client: SFNClient;
  /** Workflow name → state machine ARN (`readWorkflowArns()` in a Lambda). */
  workflowArns: WorkflowArns;
  /** Execution names when the caller gives none; random UUIDs by default. */
  newExecutionName?: () => string;
}

/** SDK error names → our categories. Anything not listed is a bug or an outage, handled below. */
const translateSfnError = (error: unknown, subject: string): unknown => {
  const name = error instanceof Error ? error.name : "";
  const message = error instanceof Error ? error.message : String(error);
  switch (name) {
    case "ExecutionAlreadyExists":
      return new ConflictError(`${subject}: an execution with this name already exists`, {
        code: "execution_already_exists",
        cause: error,
      });
    case "ExecutionDoesNotExist":
    case "InvalidArn":
      return new NotFoundError(`${subject}: no such execution`, {
        code: "execution_not_found",
        cause: error,
      });
    case "StateMachineDoesNotExist":
    case "StateMachineDeleting":
      return new ConfigError(`${subject}: the state machine in WORKFLOW_ARNS is not deployed (${message})`, {
        cause: error,
      });
    case "TaskDoesNotExist":
    case "TaskTimedOut":
    case "InvalidToken":
      return new ConflictError(`${subject}: no task waits on this token any more`, {
        code: "task_not_waiting",
        cause: error,
      });
    case "InvalidName":
    case "InvalidExecutionInput":
    case "InvalidOutput":
      return new ValidationError(`${subject}: ${message}`, [], { cause: error });
    case "ThrottlingException":
    case "ExecutionLimitExceeded":
      return new RateLimitedError(`${subject}: Step Functions is throttling`, { cause: error });
  }
  const fault = (error as { $fault?: unknown; $metadata?: unknown } | null)?.$fault;
  const fromService = (error as { $metadata?: unknown } | null)?.$metadata !== undefined;
  // Server faults and network failures (no response, so no $metadata) mean the service is unreachable.
  if (fault === "server" || !fromService) {
    return new DependencyUnavailableError(`${subject}: Step Functions is unavailable`, { cause: error });
  }
  return error;
};

const callSfn = async <T>(subject: string, call: () => Promise<T>): Promise<T> => {
  try {
    return await call();
  } catch (error) {
    throw translateSfnError(error, subject);
  }
};

const required = <T>(value: T | undefined, what: string): T => {
  if (value === undefined) throw new DependencyUnavailableError(`Step Functions answered without ${what}`);
  return value;
};

/** Inputs and outputs are JSON text; a value that is not (it should not happen) is kept as text. */
const parseJsonText = (text: string | undefined): unknown => {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

/** PENDING_REDRIVE is a failed execution about to run again: callers should keep waiting. */
const toExecutionStatus = (status: string | undefined): ExecutionStatus => {
  switch (status) {
    case "SUCCEEDED":
    case "FAILED":
    case "TIMED_OUT":
    case "ABORTED":
      return status;
    default:
      return "RUNNING";
  }
};

/** The WorkflowPort over AWS Step Functions (StartExecution, DescribeExecution, GetExecutionHistory). */
export const createSfnWorkflowAdapter = ({
  client,
  workflowArns,
  newExecutionName = randomUUID,
}: SfnWorkflowAdapterOptions): WorkflowPort => {
  const workflowNameByArn = new Map(Object.entries(workflowArns).map(([name, arn]) => [arn, name]));

  const readHistory = async (executionArn: string): Promise<HistoryEvent[]> => {
    const events: HistoryEvent[] = [];
    for await (const page of paginateGetExecutionHistory({ client }, { executionArn, maxResults: 1000 })) {
      events.push(...(page.events ?? []));
    }
    return events;
  };

  return {
    async start(workflowName, input, options = {}) {
      const stateMachineArn = workflowArns[workflowName];
      if (stateMachineArn === undefined) {
        throw new ConfigError(`Workflow "${workflowName}" has no state machine in WORKFLOW_ARNS`, {
          details: { workflowName },
        });
      }
      const name = options.executionName ?? newExecutionName();
      assertValidExecutionName(name);
      const inputText = serializeExecutionInput(input);
      const started = await callSfn(`Starting workflow ${workflowName}`, () =>
        client.send(new StartExecutionCommand({ stateMachineArn, name, input: inputText })),
      );
      return {
        executionId: required(started.executionArn, "an execution ARN"),
        startedAt: required(started.startDate, "a start date").toISOString(),
      };
    },

    async describe(executionId) {
      const subject = `Describing execution ${executionId}`;
      const [execution, history] = await callSfn(subject, () =>
        Promise.all([
          client.send(new DescribeExecutionCommand({ executionArn: executionId })),
          readHistory(executionId),
        ]),
      );
      const stateMachineArn = execution.stateMachineArn ?? "";
      const status = toExecutionStatus(execution.status);
      const error: WorkflowError | undefined =
        execution.error !== undefined || execution.cause !== undefined
          ? { error: execution.error ?? "", cause: execution.cause ?? "" }
          : undefined;
      return {
        executionId,
        workflowName: workflowNameByArn.get(stateMachineArn) ?? stateMachineArn.split(":").at(-1) ?? "",
        status,
        input: parseJsonText(execution.input) ?? null,
        ...(status === "SUCCEEDED" ? { output: parseJsonText(execution.output) ?? null } : {}),
        ...(error && status !== "SUCCEEDED" ? { error } : {}),
        startedAt: required(execution.startDate, "a start date").toISOString(),
        ...(execution.stopDate ? { stoppedAt: execution.stopDate.toISOString() } : {}),
        steps: stepsFromSfnHistory(history),
      };
    },

    async sendTaskSuccess(taskToken, output) {
      const outputText = serializeExecutionInput(output);
      await callSfn("Resuming a paused task", () =>
        client.send(new SendTaskSuccessCommand({ taskToken, output: outputText })),
      );
    },

    async sendTaskFailure(taskToken, error, cause) {
      await callSfn("Failing a paused task", () =>
        client.send(new SendTaskFailureCommand({ taskToken, error, cause })),
      );
    },
  };
};
