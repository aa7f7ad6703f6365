import "./polyfills";
import { randomUUID } from "node:crypto";
import type { RunOptions, StateMachine, StateMachineDefinition } from "aws-local-stepfunctions";
import {
  ConfigError,
  ConflictError,
  DependencyUnavailableError,
  NotFoundError,
} from "../functions/core/errors";
import { createLogger, type Logger } from "../functions/core/logger";
import {
  assertValidExecutionName,
  serializeExecutionInput,
} from "../functions/core/workflow/execution-input";
import type {
  ExecutionStatus,
  StartedExecution,
  WorkflowError,
  WorkflowExecution,
  WorkflowPort,
} from "../functions/core/workflow/workflow-port";
import { allFunctions, allWorkflows } from "../lib/areas";
import type { FunctionDefinition, WorkflowDefinition } from "../lib/definition-types";
import { repositoryRoot } from "../lib/repository-root";
import { localAccountId, localRegion } from "./workflow/asl-substitutions";
import { createLocalEventBus, type LocalEventBus } from "./workflow/local-event-bus";
import { type LambdaHandler, loadLambdaHandler } from "./workflow/local-lambda";
import { loadStepFunctions, type PreparedWorkflow, prepareWorkflow } from "./workflow/prepare-workflow";
import { type LocalExecutionEvent, stepsFromLocalEvents } from "./workflow/steps-from-local-events";
import { createTaskTokenRegistry } from "./workflow/task-tokens";

export interface LocalWorkflowRunnerOptions {
  /** Defaults to every workflow of lib/areas. */
  workflows?: readonly WorkflowDefinition[];
  /** Defaults to the functions of lib/areas. */
  findFunction?: (functionId: string) => FunctionDefinition | undefined;
  /** Where definitions' `file` and `entry` paths start; the repository root by default. */
  rootDir?: string;
  /** Defaults to importing the function's entry and taking its exported handler. */
  loadHandler?: (fn: FunctionDefinition, rootDir: string) => Promise<LambdaHandler>;
  /** Wait between Retry attempts instead of the ASL's back-off, so tests need not sleep through it. */
  retryIntervalMs?: number;
  newExecutionName?: () => string;
  /** How many executions stay describable; the oldest ended ones are forgotten beyond it (default 1000). */
  maxRetainedExecutions?: number;
  /** Where the workflows' PutEvents Tasks deliver; a new in-process bus by default. */
  eventBus?: LocalEventBus;
  logger?: Logger;
  /** Each Task's handler imported at its first call, not while the runner is made (prepare-workflow.ts). */
  loadHandlersOnFirstCall?: boolean;
}

/** The local stand-in for Step Functions: a WorkflowPort plus what tests and the local stack need. */
export interface LocalWorkflowRunner extends WorkflowPort {
  readonly workflowNames: readonly string[];
  /** The in-process EventBridge bus the workflows publish their domain events on. */
  readonly eventBus: LocalEventBus;
  /** The definition as it runs (placeholders filled with local ARNs). NotFoundError for an unknown name. */
  definitionOf(workflowName: string): StateMachineDefinition;
  /**
   * Starts an execution at one of the workflow's top-level states instead of its StartAt; from there the
   * ASL runs as written. The local stand-in for an execution a restart of the local stack lost (the
   * runner keeps its executions in memory): dev/paused-reviews.ts carries a paused review on from its
   * wait with this. Step Functions has no such call; nothing deployed uses it. ConflictError when an
   * execution of that name exists, NotFoundError for an unknown state.
   */
  startAt(
    workflowName: string,
    stateName: string,
    input: unknown,
    options: { executionName: string },
  ): Promise<StartedExecution>;
  /** Resolves with the described execution once it has ended (whatever its status). */
  waitForExecution(executionId: string): Promise<WorkflowExecution>;
  /**
   * The execution's history as the local runner logged it (states entered and exited with their input and
   * output, failures, retries, catches), for tests that search all of it.
   */
  history(executionId: string): readonly LocalExecutionEvent[];
  /** Aborts the running executions, waits for them to settle and refuses new ones. */
  stop(): Promise<void>;
}

interface LocalExecution {
  executionId: string;
  workflowName: string;
  inputText: string;
  input: unknown;
  status: ExecutionStatus;
  output?: unknown;
  error?: WorkflowError;
  startedAt: Date;
  stoppedAt?: Date;
  events: LocalExecutionEvent[];
  ended: Promise<void>;
  abort: () => void;
}

type Outcome = Pick<LocalExecution, "status" | "output" | "error">;

/** How the package's result promise settles → the execution's status (as DescribeExecution reports it). */
const outcomeOf = (
  settled: PromiseSettledResult<unknown>,
  { ExecutionAbortedError, ExecutionError, ExecutionTimeoutError }: typeof import("aws-local-stepfunctions"),
): Outcome => {
  if (settled.status === "fulfilled") return { status: "SUCCEEDED", output: settled.value ?? null };
  const reason: unknown = settled.reason;
  if (reason instanceof ExecutionTimeoutError) {
    return {
      status: "TIMED_OUT",
      error: { error: "States.Timeout", cause: "The execution ran past its TimeoutSeconds" },
    };
  }
  if (reason instanceof ExecutionAbortedError) return { status: "ABORTED" };
  // ExecutionError wraps the error that ended the run: a Task's error, a Fail state's Error/Cause, States.*.
  const failure = reason instanceof ExecutionError && reason.cause instanceof Error ? reason.cause : reason;
  return failure instanceof Error
    ? { status: "FAILED", error: { error: failure.name, cause: failure.message } }
    : { status: "FAILED", error: { error: "States.Runtime", cause: String(failure) } };
};

/** The event log closes with the execution; this bounds the wait should it ever not. */
const drainGraceMs = 1000;

/**
 * Runs the app's state machines in this process with aws-local-stepfunctions. Creation reads every
 * workflow, fills and validates it, imports the handlers of its Task states (or, with
 * `loadHandlersOnFirstCall`, at each one's first call) and refuses (ConfigError) a machine with a Task no
 * local handler covers. Executions run in the background and stay in memory
 * with their event log, so `describe` shows status, output or error, and steps as they happen.
 */
export const createLocalWorkflowRunner = async (
  options: LocalWorkflowRunnerOptions = {},
): Promise<LocalWorkflowRunner> => {
  const rootDir = options.rootDir ?? repositoryRoot;
  const findFunction = options.findFunction ?? ((id: string) => allFunctions().find((fn) => fn.id === id));
  const loadHandler = options.loadHandler ?? loadLambdaHandler;
  const newExecutionName = options.newExecutionName ?? randomUUID;
  const maxRetainedExecutions = options.maxRetainedExecutions ?? 1000;
  const logger = options.logger ?? createLogger("workflow-runner");

  const prepared = new Map<string, PreparedWorkflow>();
  const taskTokens = createTaskTokenRegistry();
  const eventBus = options.eventBus ?? createLocalEventBus();
  for (const workflow of options.workflows ?? allWorkflows()) {
    if (prepared.has(workflow.name)) throw new ConfigError(`Two workflows are named "${workflow.name}"`);
    prepared.set(
      workflow.name,
      await prepareWorkflow(workflow, {
        rootDir,
        findFunction,
        loadHandler: (fn) => loadHandler(fn, rootDir),
        taskTokens,
        eventBus,
        ...(options.loadHandlersOnFirstCall ? { loadHandlersOnFirstCall: true } : {}),
      }),
    );
  }

  const executions = new Map<string, LocalExecution>();
  let stopped = false;

  /** A long-running local stack would otherwise keep every execution's event log forever. */
  const forgetOldestEnded = (): void => {
    for (const [executionId, execution] of executions) {
      if (executions.size <= maxRetainedExecutions) return;
      if (execution.status !== "RUNNING") executions.delete(executionId);
    }
  };

  const workflowNamed = (workflowName: string): PreparedWorkflow => {
    const workflow = prepared.get(workflowName);
    if (!workflow) {
      throw new ConfigError(`Workflow "${workflowName}" is not defined in lib/areas`, {
        details: { workflowName },
      });
    }
    return workflow;
  };

  const executionWithId = (executionId: string): LocalExecution => {
    const execution = executions.get(executionId);
    if (!execution) throw new NotFoundError(`No execution ${executionId}`, { code: "execution_not_found" });
    return execution;
  };

  const describeExecution = (execution: LocalExecution): WorkflowExecution => ({
    executionId: execution.executionId,
    workflowName: execution.workflowName,
    status: execution.status,
    input: execution.input,
    ...(execution.status === "SUCCEEDED" ? { output: execution.output } : {}),
    ...(execution.error ? { error: execution.error } : {}),
    startedAt: execution.startedAt.toISOString(),
    ...(execution.stoppedAt ? { stoppedAt: execution.stoppedAt.toISOString() } : {}),
    steps: stepsFromLocalEvents(execution.events, execution.status !== "RUNNING"),
  });

  /** The workflow's machine started at another top-level state (made once per state; validated as a whole). */
  const machinesAt = new Map<string, Promise<StateMachine>>();
  const machineStartingAt = (workflow: PreparedWorkflow, stateName: string): Promise<StateMachine> => {
    if (!Object.hasOwn(workflow.definition.States, stateName)) {
      throw new NotFoundError(`Workflow "${workflow.name}" has no top-level state "${stateName}"`, {
        code: "state_not_found",
      });
    }
    const key = `${workflow.name}\u0000${stateName}`;
    let machine = machinesAt.get(key);
    if (!machine) {
      // The definition the prepared machine validated, only StartAt differs (unreachable states are fine).
      machine = loadStepFunctions().then(
        ({ StateMachine }) =>
          new StateMachine(
            { ...workflow.definition, StartAt: stateName },
            { validationOptions: { noValidate: true } },
          ),
      );
      machine.catch(() => machinesAt.delete(key));
      machinesAt.set(key, machine);
    }
    return machine;
  };

  const run = (
    workflow: PreparedWorkflow,
    executionId: string,
    executionName: string,
    inputText: string,
    machine: StateMachine,
  ) => {
    const input = JSON.parse(inputText) as unknown;
    const startedAt = new Date();
    const retryIntervalOverrides =
      options.retryIntervalMs === undefined
        ? undefined
        : Object.fromEntries(workflow.retryingStateNames.map((name) => [name, options.retryIntervalMs ?? 0]));
    const running = machine.run(JSON.parse(inputText), {
      overrides: {
        // Our handlers take and return JSON (they round-trip through JSON.stringify) under a wider type.
        taskResourceLocalHandlers: workflow.taskHandlers as NonNullable<
          RunOptions["overrides"]
        >["taskResourceLocalHandlers"],
        retryIntervalOverrides,
      },
      // What `$$.Execution` and `$$.StateMachine` hold on AWS, so ASL that reads them behaves the same.
      context: {
        Execution: { Id: executionId, Name: executionName, StartTime: startedAt.toISOString() },
        StateMachine: { Id: workflow.stateMachineArn, Name: workflow.name },
      },
    });
    const execution: LocalExecution = {
      executionId,
      workflowName: workflow.name,
      inputText,
      input,
      status: "RUNNING",
      startedAt,
      events: [],
      ended: Promise.resolve(),
      abort: running.abort,
    };
    const drained = (async () => {
      for await (const event of running.eventLogs) execution.events.push(event);
    })();
    execution.ended = (async () => {
      const [settled] = await Promise.allSettled([running.result]);
      const stepFunctions = await loadStepFunctions();
      const stoppedAt = new Date();
      let grace: NodeJS.Timeout | undefined;
      await Promise.race([drained, new Promise((done) => (grace = setTimeout(done, drainGraceMs)))]);
      clearTimeout(grace);
      // Status last, so a describe that sees the end also sees every step.
      Object.assign(execution, outcomeOf(settled, stepFunctions), { stoppedAt });
      logger.info("Workflow execution ended", {
        executionId,
        status: execution.status,
        error: execution.error,
      });
    })();
    return execution;
  };

  const refuseWhenStopped = (): void => {
    if (stopped) throw new DependencyUnavailableError("The local workflow runner has stopped");
  };

  const startExecution = async (
    workflowName: string,
    input: unknown,
    executionName: string,
    stateName?: string,
  ): Promise<StartedExecution> => {
    refuseWhenStopped();
    const workflow = workflowNamed(workflowName);
    assertValidExecutionName(executionName);
    const inputText = serializeExecutionInput(input);
    // Made at the workflow's first run (prepare-workflow.ts); the runner may have stopped meanwhile.
    const machine = await (stateName === undefined
      ? workflow.machine()
      : machineStartingAt(workflow, stateName));
    refuseWhenStopped();
    const executionId = `arn:aws:states:${localRegion}:${localAccountId}:execution:${workflow.name}:${executionName}`;
    const existing = executions.get(executionId);
    if (existing) {
      // Step Functions' idempotency: same name and input while running returns the running execution.
      if (stateName === undefined && existing.status === "RUNNING" && existing.inputText === inputText) {
        return { executionId, startedAt: existing.startedAt.toISOString() };
      }
      throw new ConflictError(`An execution named ${executionName} already exists`, {
        code: "execution_already_exists",
      });
    }
    const execution = run(workflow, executionId, executionName, inputText, machine);
    executions.set(executionId, execution);
    forgetOldestEnded();
    // A paused review carried on after a restart (`startAt`) is the local stand-in's own doing: not announced.
    logger[stateName === undefined ? "info" : "debug"]("Workflow execution started", {
      executionId,
      workflowName,
      ...(stateName === undefined ? {} : { startedAtState: stateName }),
    });
    return { executionId, startedAt: execution.startedAt.toISOString() };
  };

  return {
    workflowNames: [...prepared.keys()],
    eventBus,

    definitionOf(workflowName) {
      const workflow = prepared.get(workflowName);
      if (!workflow) throw new NotFoundError(`Workflow "${workflowName}" is not defined`);
      return structuredClone(workflow.definition);
    },

    start: (workflowName, input, startOptions = {}) =>
      startExecution(workflowName, input, startOptions.executionName ?? newExecutionName()),

    startAt: (workflowName, stateName, input, { executionName }) =>
      startExecution(workflowName, input, executionName, stateName),

    async describe(executionId) {
      return describeExecution(executionWithId(executionId));
    },

    async waitForExecution(executionId) {
      const execution = executionWithId(executionId);
      await execution.ended;
      return describeExecution(execution);
    },

    history: (executionId) => [...executionWithId(executionId).events],

    async sendTaskSuccess(taskToken, output) {
      serializeExecutionInput(output);
      taskTokens.succeed(taskToken, output);
    },

    async sendTaskFailure(taskToken, error, cause) {
      taskTokens.fail(taskToken, error, cause);
    },

    async stop() {
      stopped = true;
      taskTokens.abandonAll();
      const running = [...executions.values()].filter((e) => e.status === "RUNNING");
      for (const execution of running) execution.abort();
      await Promise.all(running.map((e) => e.ended));
    },
  };
};
