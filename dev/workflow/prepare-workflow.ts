import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import type { StateMachine, StateMachineDefinition } from "aws-local-stepfunctions";
import { ConfigError } from "../../functions/core/errors";
import { lazyLoad } from "../../functions/core/lazy";
import { EVENT_BUS_PLACEHOLDER, PUT_EVENTS_RESOURCE } from "../../lib/asl-placeholders";
import type { FunctionDefinition, WorkflowDefinition } from "../../lib/definition-types";
import { type AslStates, collectStates } from "./asl-states";
import { localAccountId, localLambdaArn, localRegion, substitutePlaceholders } from "./asl-substitutions";
import { createLocalEventBus, type LocalEventBus } from "./local-event-bus";
import { createLocalTaskHandler, type LambdaHandler, type LocalTaskHandler } from "./local-lambda";
import {
  createCallbackTaskHandler,
  createTaskTokenRegistry,
  localCallbackParameters,
  type TaskTokenRegistry,
  WAIT_FOR_TASK_TOKEN_LAMBDA,
} from "./task-tokens";
import { validationRecord } from "./validated-asl-cache";

export interface PreparedWorkflow {
  name: string;
  stateMachineArn: string;
  /** The definition as it runs: placeholders filled, TimeoutSeconds from the definition when the ASL has none. */
  definition: StateMachineDefinition;
  /**
   * The machine, made at preparation when its definition had to be validated, else at its first run: a
   * start whose definitions were all validated before does not load aws-local-stepfunctions before ready.
   */
  machine: () => Promise<StateMachine>;
  /** Task state name (at any depth) → the local handler of the function CDK puts in its Resource. */
  taskHandlers: Record<string, LocalTaskHandler>;
  /** States with a Retry, so tests can shorten the back-off of each. */
  retryingStateNames: string[];
}

export interface PrepareWorkflowDependencies {
  /** Where definitions' `file` and `entry` paths start. */
  rootDir: string;
  findFunction: (functionId: string) => FunctionDefinition | undefined;
  loadHandler: (fn: FunctionDefinition) => Promise<LambdaHandler>;
  /** Where callback Tasks (`.waitForTaskToken`) wait for their answer; a private registry when absent. */
  taskTokens?: TaskTokenRegistry;
  /** Where `arn:aws:states:::events:putEvents` Tasks deliver; a private bus when absent. */
  eventBus?: LocalEventBus;
  /**
   * Import each Task's handler at its first call (the local stack: not before ready) rather than now
   * (default), which refuses a broken entry before anything runs.
   */
  loadHandlersOnFirstCall?: boolean;
}

export const localStateMachineArn = (workflowName: string): string =>
  `arn:aws:states:${localRegion}:${localAccountId}:stateMachine:${workflowName}`;

const readAsl = async (workflow: WorkflowDefinition, rootDir: string): Promise<string> => {
  try {
    return await readFile(resolve(rootDir, workflow.file), "utf8");
  } catch (error) {
    throw new ConfigError(`Workflow "${workflow.name}": cannot read ${workflow.file}`, { cause: error });
  }
};

/** aws-local-stepfunctions runs JSONata and variables wrongly without a word: refuse them instead. */
const refuseUnsupportedFeatures = (workflow: WorkflowDefinition, asl: AslStates): void => {
  const jsonata = asl.QueryLanguage === "JSONata";
  const offending = collectStates(asl).filter(
    ({ state }) => state.QueryLanguage === "JSONata" || state.Assign !== undefined,
  );
  if (jsonata || offending.length > 0) {
    const where = jsonata ? "the definition" : offending.map((s) => `"${s.path}"`).join(", ");
    throw new ConfigError(
      `Workflow "${workflow.name}": ${where} uses JSONata or Assign, which the local runner cannot execute; write the ASL in JSONPath`,
    );
  }
};

const parseAsl = (workflow: WorkflowDefinition, text: string): AslStates & StateMachineDefinition => {
  try {
    return JSON.parse(text) as AslStates & StateMachineDefinition;
  } catch (error) {
    throw new ConfigError(`Workflow "${workflow.name}": ${workflow.file} is not valid JSON`, {
      cause: error,
    });
  }
};

/**
 * A Task's handler whose module is imported at its first call, as Lambda's cold start does, not while the
 * local stack starts (importing every Task's area before ready was 0.24-0.65 s of the start's CPU); an
 * import that failed is tried again at the next call, as Lambda retries a failed init.
 */
const loadedOnFirstCall = (load: () => Promise<LocalTaskHandler>): LocalTaskHandler => {
  let loading: Promise<LocalTaskHandler> | undefined;
  return async (input) => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return (await loading)(input);
  };
};

/**
 * aws-local-stepfunctions, loaded when a machine is first made: with the SDK's Lambda client and
 * asl-validator (ajv schemas compiled at import) it imports, about 0.3 s of CPU.
 */
export const loadStepFunctions = lazyLoad(() => import("aws-local-stepfunctions"));

/** A Resource that is exactly one placeholder, `${Key}`: the only form CDK fills with a function ARN. */
const placeholderResource = /^\$\{([A-Za-z0-9_]+)\}$/;

/**
 * Reads a workflow's ASL, fills the placeholders as CDK does (with local ARNs), validates it, and binds
 * every Task state, at any depth, to the handler of the function substituted into its Resource. Refuses
 * (ConfigError naming the state) a Task whose Resource is anything else, a literal ARN or a service
 * integration: aws-local-stepfunctions would call real AWS for it.
 */
export const prepareWorkflow = async (
  workflow: WorkflowDefinition,
  dependencies: PrepareWorkflowDependencies,
): Promise<PreparedWorkflow> => {
  const functions = new Map<string, FunctionDefinition>();
  for (const [key, functionId] of Object.entries(workflow.functionSubstitutions)) {
    const fn = dependencies.findFunction(functionId);
    if (!fn) {
      throw new ConfigError(
        `Workflow "${workflow.name}": \${${key}} names function ${functionId}, which is not defined`,
      );
    }
    functions.set(key, fn);
  }
  const rawText = await readAsl(workflow, dependencies.rootDir);
  const eventBus = dependencies.eventBus ?? createLocalEventBus();
  const localArns = {
    ...Object.fromEntries(
      Object.entries(workflow.functionSubstitutions).map(([key, functionId]) => [
        key,
        localLambdaArn(functionId),
      ]),
    ),
    [EVENT_BUS_PLACEHOLDER]: eventBus.name,
  };
  const asl = parseAsl(workflow, substitutePlaceholders(rawText, localArns, workflow.name));
  refuseUnsupportedFeatures(workflow, asl);
  const taskTokens = dependencies.taskTokens ?? createTaskTokenRegistry();
  // Callback Tasks become plain local Lambda Tasks (Payload as Parameters, the token as a marker).
  const callbackStates = new Set<string>();
  for (const { name, state } of collectStates(asl)) {
    if (state.Type !== "Task" || state.Resource !== WAIT_FOR_TASK_TOKEN_LAMBDA) continue;
    const functionName = (state.Parameters as { FunctionName?: unknown } | undefined)?.FunctionName;
    const payload = localCallbackParameters(state.Parameters);
    if (typeof functionName !== "string" || !payload) continue;
    state.Resource = functionName;
    state.Parameters = payload;
    callbackStates.add(name);
  }
  asl.TimeoutSeconds ??= workflow.timeoutSeconds;

  let machine: () => Promise<StateMachine>;
  try {
    // The validator also refuses state names used twice at any depth, which handlers keyed by name need.
    const validationOptions = { checkArn: true, checkPaths: true };
    const { validated, record } = await validationRecord(asl, validationOptions);
    if (validated) {
      // Accepted before, byte for byte: made when it first runs.
      machine = lazyLoad(async () => {
        const { StateMachine } = await loadStepFunctions();
        return new StateMachine(asl, { validationOptions: { noValidate: true } });
      });
    } else {
      const { StateMachine } = await loadStepFunctions();
      const made = new StateMachine(asl, { validationOptions });
      await record();
      machine = async () => made;
    }
  } catch (error) {
    throw new ConfigError(
      `Workflow "${workflow.name}": ${error instanceof Error ? error.message : String(error)}`,
      {
        cause: error,
      },
    );
  }

  // Tasks are matched in the ASL as written: only a `${Key}` Resource is one CDK fills with a function.
  const taskHandlers: Record<string, LocalTaskHandler> = {};
  const handlerByFunction = new Map<string, LocalTaskHandler>();
  for (const { name, state, path } of collectStates(parseAsl(workflow, rawText))) {
    if (state.Type !== "Task") continue;
    if (state.Resource === PUT_EVENTS_RESOURCE) {
      // EventBridge's optimised integration: delivered to the in-process bus with its Parameters.
      taskHandlers[name] = (input) => eventBus.putEvents(input);
      continue;
    }
    const callback = callbackStates.has(name);
    const functionName = (state.Parameters as { FunctionName?: unknown } | undefined)?.FunctionName;
    const resource =
      callback && typeof functionName === "string"
        ? functionName
        : typeof state.Resource === "string"
          ? state.Resource
          : "";
    const fn = functions.get(placeholderResource.exec(resource)?.[1] ?? "");
    if (!fn) {
      throw new ConfigError(
        `Workflow "${workflow.name}": Task state "${path}" has Resource "${resource}", which has no local handler. ` +
          `Only plain Lambda ARNs filled from functionSubstitutions ("Resource": "\${SomeFnArn}"), and ` +
          `"${WAIT_FOR_TASK_TOKEN_LAMBDA}" with "FunctionName": "\${SomeFnArn}" and a Payload, and ` +
          `"${PUT_EVENTS_RESOURCE}" (the in-process bus) run locally; ` +
          "anything else would call real AWS.",
        { details: { workflowName: workflow.name, state: name, resource } },
      );
    }
    let handler = handlerByFunction.get(fn.id);
    if (!handler) {
      const load = () => dependencies.loadHandler(fn).then((loaded) => createLocalTaskHandler(fn, loaded));
      handler = dependencies.loadHandlersOnFirstCall ? loadedOnFirstCall(load) : await load();
      handlerByFunction.set(fn.id, handler);
    }
    taskHandlers[name] = callback ? createCallbackTaskHandler(handler, taskTokens) : handler;
  }

  return {
    name: workflow.name,
    stateMachineArn: localStateMachineArn(workflow.name),
    definition: asl,
    machine,
    taskHandlers,
    retryingStateNames: collectStates(asl)
      .filter(({ state }) => Array.isArray(state.Retry))
      .map((s) => s.name),
  };
};
