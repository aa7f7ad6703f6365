import { z } from "zod";
import { ConfigError } from "../errors";
import type { LlmToolSpec } from "./llm-port";

const SNAKE_CASE = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/;
const MAX_TOOL_NAME_LENGTH = 64;

/** Tool and schema names are snake_case and at most 64 characters (both providers' limit). */
export const assertToolName = (name: string): void => {
  if (!SNAKE_CASE.test(name) || name.length > MAX_TOOL_NAME_LENGTH) {
    throw new ConfigError(`Tool name "${name}" must be snake_case and at most ${MAX_TOOL_NAME_LENGTH} chars`);
  }
};

const cache = new WeakMap<z.ZodType, Record<string, unknown>>();

/**
 * The JSON schema a provider gets for a tool's input, generated from its zod schema. It describes the
 * schema's *input* side, because the model's arguments are what zod then parses. Draft 2020-12, because
 * Anthropic (and Bedrock) reject a tool schema that is not valid 2020-12 and OpenAI validates `items`
 * the same way: draft-07's tuple form (`items: [...]`) is a 400 from both. The root must be an object
 * (both providers require it); anything zod cannot express in JSON schema fails here, at definition
 * time, not on the first model call.
 */
export const toToolJsonSchema = (schema: z.ZodType): Record<string, unknown> => {
  const cached = cache.get(schema);
  if (cached) return cached;
  let generated: Record<string, unknown>;
  try {
    generated = z.toJSONSchema(schema, {
      target: "draft-2020-12",
      io: "input",
      override: keepReadFieldsRequired,
    }) as Record<string, unknown>;
  } catch (error) {
    throw new ConfigError(`Tool input schema cannot be expressed as JSON schema: ${String(error)}`);
  }
  if (generated.type !== "object") {
    throw new ConfigError(`Tool input schema must be an object, got ${String(generated.type ?? "a union")}`);
  }
  const { $schema: _dialect, ...withoutDialect } = generated;
  const compact = dropSafeIntegerBounds(withoutDialect) as Record<string, unknown>;
  cache.set(schema, compact);
  return compact;
};

interface ZodInternals {
  def: {
    type: string;
    shape?: Record<string, { _zod: ZodInternals }>;
    in?: { _zod: ZodInternals };
    out?: { _zod: ZodInternals };
    innerType?: { _zod: ZodInternals };
  };
  optin?: string;
}

const isPreprocess = (field: ZodInternals): boolean =>
  field.def.type === "pipe" && field.def.in?._zod.def.type === "transform";

/** A preprocess whose checked side is required, also inside `.nullable()` or another preprocess. */
const isRequiredRead = (field: ZodInternals): boolean => {
  const { def } = field;
  if (def.type === "nullable" && def.innerType) return isRequiredRead(def.innerType._zod);
  if (!isPreprocess(field) || !def.out) return false;
  const checked = def.out._zod;
  return checked.optin === undefined || isRequiredRead(checked);
};

/**
 * A field read through a preprocess (core/text/model-values: "$4.20" read as 4.2 before the check) takes
 * any input, so zod counts it optional; the model is still asked for it, as the checked field's own
 * optionality says.
 */
const keepReadFieldsRequired = (ctx: { zodSchema: unknown; jsonSchema: Record<string, unknown> }): void => {
  const internals = (ctx.zodSchema as { _zod?: ZodInternals })._zod;
  if (internals?.def.type !== "object" || !internals.def.shape) return;
  const read = Object.entries(internals.def.shape)
    .filter(([, field]) => isRequiredRead(field._zod))
    .map(([key]) => key);
  if (read.length === 0) return;
  const required = new Set([...((ctx.jsonSchema.required as string[] | undefined) ?? []), ...read]);
  ctx.jsonSchema.required = Object.keys(internals.def.shape).filter((key) => required.has(key));
};

/** zod writes ±2^53-1 bounds on every `.int()`; they say nothing to a model and cost tokens. */
const dropSafeIntegerBounds = (node: unknown): unknown => {
  if (Array.isArray(node)) return node.map(dropSafeIntegerBounds);
  if (node === null || typeof node !== "object") return node;
  const entries = Object.entries(node).filter(
    ([key, value]) =>
      !(
        (key === "minimum" && value === Number.MIN_SAFE_INTEGER) ||
        (key === "maximum" && value === Number.MAX_SAFE_INTEGER)
      ),
  );
  return Object.fromEntries(entries.map(([key, value]) => [key, dropSafeIntegerBounds(value)]));
};

/**
 * One agent's tool set, shared by all its structured calls (each forces its own): every call then sends
 * the same tools, in the same order, byte for byte, so a prompt cache serves them (and the system prompt
 * after them) to every step. Each entry's schema is only what the model reads; each call's own `schema`
 * (which may add checks JSON schema cannot say, such as the listed ids) checks the answer.
 */
export const sharedToolSet = (
  entries: ReadonlyArray<{ schemaName: string; schema: z.ZodType; description: string }>,
): LlmToolSpec[] => {
  const names = new Set<string>();
  return entries.map(({ schemaName, schema, description }) => {
    assertToolName(schemaName);
    if (names.has(schemaName)) throw new ConfigError(`Tool "${schemaName}" is twice in a shared tool set`);
    names.add(schemaName);
    return { name: schemaName, description, inputSchema: toToolJsonSchema(schema) };
  });
};
