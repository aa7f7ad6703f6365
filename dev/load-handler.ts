import type { FunctionDefinition } from "../lib/definition-types";
import { repositoryRoot } from "../lib/repository-root";
import { loadLambdaHandler } from "./workflow/local-lambda";

/**
 * Imports a function definition's entry file and returns its exported handler, as Lambda would, typed
 * for the caller (the API server's HTTP handlers, a store tool's). A missing file or export is a
 * ConfigError naming the function.
 */
export const loadFunctionHandler = async <H>(fn: FunctionDefinition): Promise<H> =>
  (await loadLambdaHandler(fn, repositoryRoot)) as H;
