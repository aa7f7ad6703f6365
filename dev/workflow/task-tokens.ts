import { randomUUID } from "node:crypto";
import { ConflictError } from "../../functions/core/errors";
import { LambdaInvocationError, type LocalTaskHandler } from "./local-lambda";

/**
 * The local stand-in for Step Functions' callback pattern (`arn:aws:states:::lambda:invoke.waitForTaskToken`).
 * aws-local-stepfunctions has no task tokens, so the runner rewrites such a Task into a plain local Lambda
 * Task whose payload carries this marker where the ASL reads `$$.Task.Token`; the handler below puts a fresh
 * token there, invokes the function, then waits until `sendTaskSuccess` / `sendTaskFailure` answers it.
 */
export const LOCAL_TASK_TOKEN_MARKER = "__LOCAL_TASK_TOKEN__";

export const WAIT_FOR_TASK_TOKEN_LAMBDA = "arn:aws:states:::lambda:invoke.waitForTaskToken";

export interface TaskTokenRegistry {
  /** A new token and the output it will resolve with (or the error it will fail with). */
  issue(): { token: string; outcome: Promise<unknown> };
  succeed(token: string, output: unknown): void;
  fail(token: string, error: string, cause: string): void;
  /** Fails every waiting task (the runner is stopping). */
  abandonAll(): void;
}

const notWaiting = () =>
  new ConflictError("No task waits on this token any more", { code: "task_not_waiting" });

export const createTaskTokenRegistry = (): TaskTokenRegistry => {
  const waiting = new Map<string, { resolve: (output: unknown) => void; reject: (error: Error) => void }>();
  const take = (token: string) => {
    const entry = waiting.get(token);
    if (!entry) throw notWaiting();
    waiting.delete(token);
    return entry;
  };
  return {
    issue() {
      const token = `local-task-token-${randomUUID()}`;
      const outcome = new Promise<unknown>((resolve, reject) => waiting.set(token, { resolve, reject }));
      // A task abandoned at shutdown has no one listening; its rejection must not surface as unhandled.
      outcome.catch(() => {});
      return { token, outcome };
    },
    succeed(token, output) {
      take(token).resolve(JSON.parse(JSON.stringify(output ?? null)) as unknown);
    },
    fail(token, error, cause) {
      take(token).reject(new LambdaInvocationError(error, cause));
    },
    abandonAll() {
      for (const [token, entry] of waiting) {
        waiting.delete(token);
        entry.reject(new LambdaInvocationError("States.Runtime", "The local workflow runner stopped"));
      }
    },
  };
};

const withToken = (value: unknown, token: string): unknown => {
  if (value === LOCAL_TASK_TOKEN_MARKER) return token;
  if (Array.isArray(value)) return value.map((v) => withToken(v, token));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withToken(v, token)]));
  }
  return value;
};

/** Invokes the function with a fresh token in its payload, then waits for the token's answer. */
export const createCallbackTaskHandler =
  (invoke: LocalTaskHandler, tokens: TaskTokenRegistry): LocalTaskHandler =>
  async (input) => {
    const { token, outcome } = tokens.issue();
    try {
      await invoke(withToken(input, token));
    } catch (error) {
      tokens.fail(token, "States.Runtime", "the invocation failed");
      throw error;
    }
    return outcome;
  };

/**
 * `Parameters: { FunctionName, Payload }` of a callback Task → the Payload a plain local Lambda Task
 * passes, with each `"x.$": "$$.Task.Token"` turned into `"x": marker`. Undefined when the shape differs.
 */
export const localCallbackParameters = (parameters: unknown): Record<string, unknown> | undefined => {
  if (parameters === null || typeof parameters !== "object") return undefined;
  const payload = (parameters as { Payload?: unknown }).Payload;
  if (payload === null || typeof payload !== "object" || Array.isArray(payload)) return undefined;
  const rewrite = (value: Record<string, unknown>): Record<string, unknown> =>
    Object.fromEntries(
      Object.entries(value).map(([key, v]) => {
        if (key.endsWith(".$") && v === "$$.Task.Token") return [key.slice(0, -2), LOCAL_TASK_TOKEN_MARKER];
        if (v !== null && typeof v === "object" && !Array.isArray(v)) {
          return [key, rewrite(v as Record<string, unknown>)];
        }
        return [key, v];
      }),
    );
  return rewrite(payload as Record<string, unknown>);
};
