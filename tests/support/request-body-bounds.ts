// Boundary values for request bodies, from the JSON schemas of docs/openapi.json. Pure: given an operation's
// request-body schema (with `$ref`s into the document's components) and a valid base body, it derives one body
// per documented bound of every field (maxLength, maxItems, maximum, minLength, minItems, minimum), each
// with that one field at its bound and everything else as in the base. Fields the base leaves out are
// visited too when a value can be generated for them. What it cannot set to a bound (a pattern, a format,
// an enum) is listed as a skip with its reason, never silently dropped.

/** A JSON Schema as docs/openapi.json writes them (OpenAPI 3.1, JSON Schema 2020-12). */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  example?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
}

export interface SchemaDocument {
  components?: { schemas?: Record<string, JsonSchema> };
}

export type Bound = "maxLength" | "minLength" | "maxItems" | "minItems" | "maximum" | "minimum";

export interface BoundVariant {
  /** `body.messages.3.content maxLength 4000`: the field's JSON path, the bound, its value. */
  name: string;
  path: string;
  bound: Bound;
  limit: number;
  /** The whole body: the base with this one field at its bound. */
  body: unknown;
}

export interface SkippedBound {
  path: string;
  reason: string;
}

export interface BoundsPlan {
  variants: BoundVariant[];
  skipped: SkippedBound[];
}

const ABSENT = Symbol("absent");
type Maybe = unknown | typeof ABSENT;

/** A node's variants: the replacement of that node only; the caller wraps it into its parent. */
interface NodeVariant {
  path: string;
  bound: Bound;
  limit: number;
  value: unknown;
}

const MAX_DEPTH = 12;
const SENTENCE =
  "fresh basil tomato soup with roasted garlic olive oil sea salt and black pepper served warm with crusty bread";

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

export const resolveSchema = (schema: JsonSchema, document: SchemaDocument): JsonSchema => {
  let current = schema;
  for (let hops = 0; current.$ref !== undefined; hops++) {
    const prefix = "#/components/schemas/";
    if (!current.$ref.startsWith(prefix) || hops > 20) throw new Error(`unresolvable $ref ${current.$ref}`);
    const target = document.components?.schemas?.[current.$ref.slice(prefix.length)];
    if (!target) throw new Error(`no schema for $ref ${current.$ref}`);
    current = target;
  }
  return current;
};

const typesOf = (schema: JsonSchema): string[] => {
  if (schema.type !== undefined) return Array.isArray(schema.type) ? schema.type : [schema.type];
  if (schema.properties !== undefined || schema.additionalProperties !== undefined) return ["object"];
  if (schema.items !== undefined) return ["array"];
  return [];
};

const jsonType = (value: unknown): string => {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
};

const typeAllows = (types: string[], value: unknown): boolean => {
  if (types.length === 0) return true;
  const actual = jsonType(value);
  return types.includes(actual) || (actual === "integer" && types.includes("number"));
};

/**
 * Whether `value` fits `schema` well enough to pick the anyOf/oneOf branch it was written for: types,
 * enums and consts (the discriminators here), required properties and closed objects, recursively.
 */
export const fitsBranch = (
  schema: JsonSchema,
  value: unknown,
  document: SchemaDocument,
  depth = 0,
): boolean => {
  const s = resolveSchema(schema, document);
  if (depth > MAX_DEPTH) return true;
  const branches = s.anyOf ?? s.oneOf;
  if (branches) return branches.some((b) => fitsBranch(b, value, document, depth + 1));
  if (!typeAllows(typesOf(s), value)) return false;
  if (s.enum && !s.enum.some((e) => e === value)) return false;
  if (s.const !== undefined && s.const !== value) return false;
  if (isObject(value)) {
    if ((s.required ?? []).some((key) => !(key in value))) return false;
    for (const [key, child] of Object.entries(value)) {
      const property = s.properties?.[key];
      if (property) {
        if (!fitsBranch(property, child, document, depth + 1)) return false;
      } else if (s.additionalProperties === false) return false;
    }
  }
  if (Array.isArray(value) && s.items)
    return value.every((item) => fitsBranch(s.items ?? {}, item, document, depth + 1));
  return true;
};

/** `length` characters of words: the base's own words when it has some, else a recipe-like sentence. */
export const wordsOfLength = (length: number, seed?: string): string => {
  // Astral characters count twice in JavaScript's length but once in JSON Schema's: keep to the BMP.
  const usable =
    seed !== undefined && seed.trim() !== "" && [...seed].length === seed.length ? seed.trim() : SENTENCE;
  let text = usable;
  while (text.length < length) text = `${text} ${usable}`;
  text = text.slice(0, length);
  // A trailing space would be trimmed by some validators: end on a letter.
  if (text.endsWith(" ")) text = `${text.slice(0, -1)}s`;
  return text;
};

type Generated = { ok: true; value: unknown } | { ok: false; reason: string };

/** A valid value for `schema` when one can be made without knowing the domain, else why not. */
export const generateValue = (schema: JsonSchema, document: SchemaDocument, depth = 0): Generated => {
  const s = resolveSchema(schema, document);
  if (depth > MAX_DEPTH) return { ok: false, reason: "schema nested too deep" };
  if (s.const !== undefined) return { ok: true, value: s.const };
  if (s.default !== undefined) return { ok: true, value: structuredClone(s.default) };
  if (s.example !== undefined) return { ok: true, value: structuredClone(s.example) };
  if (s.enum && s.enum.length > 0) return { ok: true, value: s.enum[0] };
  const branches = s.anyOf ?? s.oneOf;
  if (branches) {
    const reasons: string[] = [];
    for (const branch of branches) {
      const generated = generateValue(branch, document, depth + 1);
      if (generated.ok) return generated;
      reasons.push(generated.reason);
    }
    return { ok: false, reason: `no branch can be generated (${reasons.join("; ")})` };
  }
  const types = typesOf(s).filter((t) => t !== "null");
  const type = types[0];
  switch (type) {
    case "string": {
      if (s.format === "date") return { ok: true, value: "2026-03-02" };
      if (s.format === "email") return { ok: true, value: "dana@example.com" };
      if (s.format !== undefined) return { ok: false, reason: `format ${s.format} without an example` };
      if (s.pattern !== undefined) return { ok: false, reason: `pattern ${s.pattern} without an example` };
      const length = Math.min(s.maxLength ?? 11, Math.max(s.minLength ?? 0, 11));
      return { ok: true, value: wordsOfLength(length) };
    }
    case "integer":
    case "number": {
      const low = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 0);
      const value = Math.min(Math.max(low, 1), s.maximum ?? Number.MAX_SAFE_INTEGER);
      return { ok: true, value };
    }
    case "boolean":
      return { ok: true, value: false };
    case "array": {
      const item = generateValue(s.items ?? {}, document, depth + 1);
      if (!item.ok) {
        if ((s.minItems ?? 0) === 0) return { ok: true, value: [] };
        return { ok: false, reason: `items: ${item.reason}` };
      }
      const count = Math.max(1, s.minItems ?? 0);
      return { ok: true, value: Array.from({ length: count }, () => structuredClone(item.value)) };
    }
    case "object": {
      const value: Record<string, unknown> = {};
      for (const key of s.required ?? []) {
        const property = s.properties?.[key];
        if (!property) return { ok: false, reason: `required ${key} has no schema` };
        const generated = generateValue(property, document, depth + 1);
        if (!generated.ok) return { ok: false, reason: `${key}: ${generated.reason}` };
        value[key] = generated.value;
      }
      return { ok: true, value };
    }
    default:
      return { ok: false, reason: "schema without a type" };
  }
};

const shiftDate = (date: string, days: number): string => {
  const shifted = new Date(`${date}T00:00:00Z`);
  shifted.setUTCDate(shifted.getUTCDate() + days);
  return shifted.toISOString().slice(0, 10);
};

/**
 * The base item again, made distinct so repeated items stay realistic: free-text strings numbered (`name 2`,
 * `p-1-2`), dates moved on by `index` days. Enums, consts and the properties named in `keep` (references to
 * things that exist, such as a recipe id) stay as in the base.
 */
const deriveItem = (
  schema: JsonSchema,
  value: unknown,
  index: number,
  document: SchemaDocument,
  keep: ReadonlySet<string>,
  depth = 0,
): unknown => {
  if (index === 0 || depth > MAX_DEPTH) return structuredClone(value);
  let s = resolveSchema(schema, document);
  const branches = s.anyOf ?? s.oneOf;
  if (branches) s = resolveSchema(branches.find((b) => fitsBranch(b, value, document)) ?? {}, document);
  if (typeof value === "string") {
    if (s.format === "date" && /^\d{4}-\d{2}-\d{2}$/.test(value)) return shiftDate(value, index);
    if (s.enum || s.const !== undefined || s.format !== undefined) return value;
    const suffix = `-${index + 1}`;
    const candidate = s.pattern === undefined ? `${value} ${index + 1}` : `${value}${suffix}`;
    const fitsLength = candidate.length <= (s.maxLength ?? Number.POSITIVE_INFINITY);
    const fitsPattern = s.pattern === undefined || new RegExp(s.pattern, "u").test(candidate);
    return fitsLength && fitsPattern ? candidate : value;
  }
  if (isObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(value)) {
      const property = s.properties?.[key];
      out[key] =
        property && !keep.has(key)
          ? deriveItem(property, child, index, document, keep, depth + 1)
          : structuredClone(child);
    }
    return out;
  }
  return structuredClone(value);
};

const arrayOfLength = (
  schema: JsonSchema,
  base: unknown[],
  length: number,
  document: SchemaDocument,
  keep: ReadonlySet<string>,
): { ok: true; value: unknown[] } | { ok: false; reason: string } => {
  if (length <= base.length) return { ok: true, value: structuredClone(base.slice(0, length)) };
  let seeds = base;
  if (seeds.length === 0) {
    const generated = generateValue(schema.items ?? {}, document);
    if (!generated.ok) return { ok: false, reason: `no item to repeat: ${generated.reason}` };
    seeds = [generated.value];
  }
  const items = Array.from({ length }, (_, i) => {
    const round = Math.floor(i / seeds.length);
    return deriveItem(schema.items ?? {}, seeds[i % seeds.length], round, document, keep);
  });
  return { ok: true, value: items };
};

interface Visit {
  document: SchemaDocument;
  keep: ReadonlySet<string>;
  variants: NodeVariant[];
  skipped: SkippedBound[];
}

/** The variants of one node (`value` present, or generated when ABSENT), as replacements of that node. */
const visit = (schema: JsonSchema, value: Maybe, path: string, ctx: Visit, depth: number): NodeVariant[] => {
  const s = resolveSchema(schema, ctx.document);
  if (depth > MAX_DEPTH) return [];
  if (value === ABSENT) {
    const branches = s.anyOf ?? s.oneOf;
    if (branches) {
      // An absent field with alternatives: each alternative that can be generated has its own bounds.
      return branches.flatMap((branch) => visit(branch, ABSENT, path, ctx, depth + 1));
    }
    const generated = generateValue(s, ctx.document);
    if (!generated.ok) {
      if (hasBounds(s, ctx.document))
        ctx.skipped.push({ path, reason: `absent from the base: ${generated.reason}` });
      return [];
    }
    return visit(s, generated.value, path, ctx, depth + 1);
  }
  const branches = s.anyOf ?? s.oneOf;
  if (branches) {
    const branch = branches.find((b) => fitsBranch(b, value, ctx.document));
    if (!branch) {
      ctx.skipped.push({ path, reason: "the base value fits none of the alternatives" });
      return [];
    }
    return visit(branch, value, path, ctx, depth + 1);
  }
  const out: NodeVariant[] = [];
  const add = (bound: Bound, limit: number, replacement: unknown) =>
    out.push({ path, bound, limit, value: replacement });
  if (typeof value === "string") {
    const fixed = s.enum
      ? "enum"
      : s.const !== undefined
        ? "const"
        : s.format
          ? `format ${s.format}`
          : s.pattern
            ? `pattern ${s.pattern}`
            : undefined;
    for (const bound of ["maxLength", "minLength"] as const) {
      const limit = s[bound];
      if (limit === undefined) continue;
      if (fixed !== undefined)
        ctx.skipped.push({ path, reason: `${bound} ${limit}: ${fixed} keeps the base value` });
      else add(bound, limit, wordsOfLength(limit, value));
    }
    return out;
  }
  if (typeof value === "number") {
    if (s.maximum !== undefined) add("maximum", s.maximum, s.maximum);
    if (s.minimum !== undefined) add("minimum", s.minimum, s.minimum);
    if (s.exclusiveMaximum !== undefined)
      ctx.skipped.push({ path, reason: "exclusiveMaximum is not a reachable bound" });
    if (s.exclusiveMinimum !== undefined)
      ctx.skipped.push({ path, reason: "exclusiveMinimum is not a reachable bound" });
    return out;
  }
  if (Array.isArray(value)) {
    for (const bound of ["maxItems", "minItems"] as const) {
      const limit = s[bound];
      if (limit === undefined) continue;
      const made = arrayOfLength(s, value, limit, ctx.document, ctx.keep);
      if (made.ok) add(bound, limit, made.value);
      else ctx.skipped.push({ path, reason: `${bound} ${limit}: ${made.reason}` });
    }
    const items = value.length > 0 ? value : ABSENT;
    if (items === ABSENT) {
      // Nothing in the base: the bounds inside one generated item, in an array of that one item.
      for (const v of visit(s.items ?? {}, ABSENT, `${path}.0`, ctx, depth + 1))
        out.push({ ...v, value: [v.value] });
    } else {
      value.forEach((item, index) => {
        for (const v of visit(s.items ?? {}, item, `${path}.${index}`, ctx, depth + 1)) {
          const copy = structuredClone(value);
          copy[index] = v.value;
          out.push({ ...v, value: copy });
        }
      });
    }
    return out;
  }
  if (isObject(value)) {
    const keys = new Set([...Object.keys(s.properties ?? {}), ...Object.keys(value)]);
    for (const key of keys) {
      const property =
        s.properties?.[key] ??
        (isObject(s.additionalProperties) && key in value ? s.additionalProperties : undefined);
      if (!property) continue;
      const child = key in value ? value[key] : ABSENT;
      for (const v of visit(property, child, `${path}.${key}`, ctx, depth + 1)) {
        out.push({ ...v, value: { ...structuredClone(value), [key]: v.value } });
      }
    }
    return out;
  }
  return out;
};

/** Whether a schema documents any bound, itself or below (so a skip is worth naming). */
const hasBounds = (schema: JsonSchema, document: SchemaDocument, depth = 0): boolean => {
  const s = resolveSchema(schema, document);
  if (depth > MAX_DEPTH) return false;
  const own = ["maxLength", "minLength", "maxItems", "minItems", "maximum", "minimum"].some(
    (k) => (s as Record<string, unknown>)[k] !== undefined,
  );
  if (own) return true;
  const children = [
    ...Object.values(s.properties ?? {}),
    ...(s.items ? [s.items] : []),
    ...(s.anyOf ?? []),
    ...(s.oneOf ?? []),
    ...(isObject(s.additionalProperties) ? [s.additionalProperties] : []),
  ];
  return children.some((c) => hasBounds(c, document, depth + 1));
};

export interface BoundsOptions {
  /** Where the JSON paths start (`body`). */
  root?: string;
  /** Properties an array filled to maxItems repeats as in the base (references such as `recipe_id`). */
  keep?: Iterable<string>;
}

/**
 * One body per documented bound of every field of `schema` reachable from `base` (and of the fields the base
 * leaves out, when a value can be generated for them), named by its JSON path from `root`.
 */
export const boundVariants = (
  schema: JsonSchema,
  base: unknown,
  document: SchemaDocument,
  options: BoundsOptions = {},
): BoundsPlan => {
  const root = options.root ?? "body";
  const ctx: Visit = { document, keep: new Set(options.keep ?? []), variants: [], skipped: [] };
  const nodes = visit(schema, base, root, ctx, 0);
  const variants = nodes.map((n) => ({
    name: `${n.path} ${n.bound} ${n.limit}`,
    path: n.path,
    bound: n.bound,
    limit: n.limit,
    body: n.value,
  }));
  return { variants, skipped: ctx.skipped };
};
