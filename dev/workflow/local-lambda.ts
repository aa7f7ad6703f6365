import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { Context } from "aws-lambda";
import { ConfigError } from "../../functions/core/errors";
import { maxPayloadBytes } from "../../functions/core/workflow/execution-input";
import type { FunctionDefinition } from "../../lib/definition-types";
import { createLambdaContext } from "../lambda-context";

export type LambdaHandler = (event: unknown, context: Context) => unknown;
/** A Task state's local stand-in: JSON in, JSON out, errors shaped as Step Functions reports them. */
export type LocalTaskHandler = (input: unknown) => Promise<unknown>;

/** Lambda's own timeout when a definition sets none (the LarderFunction construct's default). */
const defaultTimeoutSeconds = 30;

/**
 * An error as a Lambda invocation reports it to Step Functions: `name` is what Retry and Catch match
 * (the thrown error's name, as Lambda's errorType), `message` is the Cause text Step Functions passes on,
 * the JSON document the Node.js runtime writes (`errorType`, `errorMessage`, `trace`).
 */
export class LambdaInvocationError extends Error {
  constructor(errorType: string, cause: string) {
    super(cause);
    this.name = errorType;
  }
}

const asLambdaInvocationError = (error: unknown): LambdaInvocationError => {
  if (error instanceof LambdaInvocationError) return error;
  const errorType = error instanceof Error ? error.name : "Error";
  const errorMessage = error instanceof Error ? error.message : String(error);
  const trace = error instanceof Error ? (error.stack ?? "").split("\n") : [];
  return new LambdaInvocationError(errorType, JSON.stringify({ errorType, errorMessage, trace }));
};

/** Imports a function's entry file and returns its exported handler; refuses a missing file or export. */
export const loadLambdaHandler = async (fn: FunctionDefinition, rootDir: string): Promise<LambdaHandler> => {
  const file = resolve(rootDir, fn.entry);
  if (!existsSync(file)) {
    throw new ConfigError(`Function ${fn.id}: entry ${fn.entry} does not exist`, {
      details: { functionId: fn.id },
    });
  }
  return importLambdaHandler(fn, pathToFileURL(file).href);
};

/** Imports the module at `moduleUrl` (a function's entry, or its build) and returns `fn.handler` from it. */
export const importLambdaHandler = async (
  fn: FunctionDefinition,
  moduleUrl: string,
): Promise<LambdaHandler> => {
  const module = (await import(moduleUrl)) as Record<string, unknown>;
  const handler = module[fn.handler];
  if (typeof handler !== "function") {
    throw new ConfigError(`Function ${fn.id}: ${fn.entry} exports no function named "${fn.handler}"`, {
      details: { functionId: fn.id },
    });
  }
  return handler as LambdaHandler;
};

/**
 * Loads the chunks a bundled entry (dev/stack-bundle.mjs) imports, without the entry itself: what its
 * import costs (Hono, zod-openapi, the SDK clients' modules) taken ahead, while the config its entry reads
 * at import is not there yet. The chunks hold only definitions (a function reads its config when called);
 * importing the entry afterwards evaluates them no second time. Never fails: the entry's import reports.
 */
export const preloadEntryChunks = async (moduleUrl: string): Promise<void> => {
  try {
    const text = readFileSync(new URL(moduleUrl), "utf8");
    // esbuild writes each static import as `import { a, b } from "./chunk.mjs";` or `import "./chunk.mjs";`.
    const chunks = [...text.matchAll(/^import\s+(?:[^;"]*?\s+from\s+)?"(\.{1,2}\/[^"]+)";?$/gm)].map(
      (match) => new URL(match[1] as string, moduleUrl).href,
    );
    for (const chunk of chunks) await import(chunk);
  } catch {
    // The entry's own import says what is wrong.
  }
};

/** A Lambda's result as the next state sees it: serialized to JSON (undefined becomes null). */
const toStateOutput = (result: unknown): unknown => {
  const text = JSON.stringify(result) ?? "null";
  const bytes = Buffer.byteLength(text, "utf8");
  if (bytes > maxPayloadBytes) {
    throw new LambdaInvocationError(
      "States.DataLimitExceeded",
      `The state output has ${bytes} bytes, more than the limit of ${maxPayloadBytes}`,
    );
  }
  return JSON.parse(text) as unknown;
};

/**
 * Wraps a handler the way Lambda runs it for a Task with a plain function ARN: the input as a fresh
 * JSON copy, a Lambda-like context with the function's deadline, the function's timeout
 * (`Sandbox.Timedout`, as Step Functions reports it), and thrown errors turned into Step Functions errors.
 */
export const createLocalTaskHandler = (fn: FunctionDefinition, handler: LambdaHandler): LocalTaskHandler => {
  const timeoutSeconds = fn.timeoutSeconds ?? defaultTimeoutSeconds;
  return async (input) => {
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new LambdaInvocationError(
              "Sandbox.Timedout",
              `Task timed out after ${timeoutSeconds}.00 seconds`,
            ),
          ),
        timeoutSeconds * 1000,
      );
      // A handler left hanging (an aborted execution) must not keep the process alive until its timeout.
      timer.unref();
    });
    try {
      const event = JSON.parse(JSON.stringify(input ?? null)) as unknown;
      const result = await Promise.race([
        Promise.resolve().then(() =>
          handler(event, createLambdaContext(fn.id, { timeoutSeconds, memoryMb: fn.memoryMb ?? 512 })),
        ),
        timedOut,
      ]);
      return toStateOutput(result);
    } catch (error) {
      throw asLambdaInvocationError(error);
    } finally {
      clearTimeout(timer);
    }
  };
};
