import type { Context } from "aws-lambda";
import { z } from "zod";
import { deadlineFromRemainingTime } from "../../core/agent/deadline";
import { createLogger, type Logger } from "../../core/logger";
import { parseOrThrow } from "../../core/validation";
import { householdIdSchema } from "../adapters/store/browser/household-session-cookie";
import { containerStoreBrowser } from "../adapters/store/browser/playwright-store-browser";
import type { StoreBrowser } from "../adapters/store/browser/store-browser";
import { type StoreConfig, storeConfig } from "../adapters/store/store-config";
import { createStoreTools, type StoreTools } from "../adapters/store/store-tools";

/** A store tool Lambda: invoked by Step Functions Tasks or directly, with `{ householdId, input }`. */
export type StoreToolHandler<Result> = (event: unknown, context: Context) => Promise<Result>;

/**
 * Kept back from the Lambda's remaining time: after the tool stops at its deadline, the household's
 * context still closes (bounded by the browser adapter's grace), the failure is logged and returned.
 */
export const STORE_DEADLINE_MARGIN_MS = 3_000;

/** What a store tool handler runs on; the defaults are the container's, tests pass fakes. */
export interface StoreToolPorts {
  storeConfig: StoreConfig;
  /** Called once per handler, on its first invocation; the browser then serves every later one. */
  openBrowser: (config: StoreConfig) => StoreBrowser;
  logger: Logger;
}

/**
 * The container's ports: STORE_URL / STORE_TIMEOUT_MS parsed now (at cold start, so a malformed value
 * fails with its name before any call) and the container's one Playwright browser.
 */
export const containerStoreToolPorts = (): StoreToolPorts => ({
  storeConfig: storeConfig(),
  openBrowser: (config) => containerStoreBrowser({ storeUrl: config.storeUrl, timeoutMs: config.timeoutMs }),
  logger: createLogger("shop"),
});

/**
 * Builds a store tool Lambda: validates the untrusted event (a ValidationError names each failing field,
 * `householdId` or `input.query`), runs the one tool in a fresh browser context for the household, closes
 * that context, and returns the tool's result. The tool's deadline is the Lambda's remaining time less
 * STORE_DEADLINE_MARGIN_MS, so a slow store ends in StoreDeadlineExceededError rather than a Lambda
 * timeout. Errors keep their class (StoreUnreachableError, StorePageChangedError, ...): their names are
 * what Step Functions Retry and Catch match.
 */
export const createStoreToolHandler = <Input, Result>(
  toolName: string,
  inputSchema: z.ZodType<Input>,
  run: (tools: StoreTools, input: Input) => Promise<Result>,
  ports: StoreToolPorts = containerStoreToolPorts(),
): StoreToolHandler<Result> => {
  const eventSchema = z.object({ householdId: householdIdSchema, input: inputSchema });
  const { storeUrl } = ports.storeConfig;
  let browser: StoreBrowser | undefined;

  return async (event, context) => {
    ports.logger.addContext(context);
    const { householdId, input } = parseOrThrow(eventSchema, event, `${toolName} event`);
    browser ??= ports.openBrowser(ports.storeConfig);
    const deadline = deadlineFromRemainingTime(context, STORE_DEADLINE_MARGIN_MS);
    const tools = createStoreTools({ browser, storeUrl, householdId, deadline });
    const startedAt = Date.now();
    try {
      const result = await run(tools, input);
      ports.logger.info("store tool call", { tool: toolName, householdId, ms: Date.now() - startedAt });
      return result;
    } catch (error) {
      ports.logger.warn("store tool call failed", {
        tool: toolName,
        householdId,
        ms: Date.now() - startedAt,
        error: error instanceof Error ? error.name : String(error),
      });
      throw error;
    } finally {
      // The household's context goes; the browser stays up for the container's next invocation. A failed
      // close must not replace the call's own outcome.
      await tools.close().catch((closeError: unknown) => {
        ports.logger.warn("closing the household's browser context failed", {
          tool: toolName,
          householdId,
          error: closeError instanceof Error ? closeError.message : String(closeError),
        });
      });
    }
  };
};
