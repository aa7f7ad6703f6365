import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { FunctionDefinition } from "../lib/definition-types";

const ROOT = resolve(import.meta.dirname, "..");

/** Imports a function definition's entry file and returns its exported handler, as Lambda would. */
export const loadFunctionHandler = async <H>(fn: FunctionDefinition): Promise<H> => {
  const module = (await import(pathToFileURL(resolve(ROOT, fn.entry)).href)) as Record<string, unknown>;
  const handler = module[fn.handler];
  if (typeof handler !== "function") {
    throw new Error(`${fn.entry} does not export a function named ${fn.handler} (function ${fn.id})`);
  }
  return handler as H;
};
