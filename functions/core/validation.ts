import type { z } from "zod";
import { type FieldIssue, ValidationError } from "./errors";
import { escapeRegExp } from "./text/escape-reg-exp";
import { foldText } from "./text/fold-text";

/** Flattens zod issues into `{ path, message }` pairs with dotted paths, so a 400 names each field. */
export const toFieldIssues = (error: z.ZodError): FieldIssue[] =>
  error.issues.map((issue) => ({
    path: issue.path.map(String).join(".") || "(root)",
    message: issue.message,
  }));

/**
 * Parses untrusted data (a request part, a model's output, a stored item) or throws a ValidationError
 * naming every failing field. `what` says where the data came from ("body", "query", "LLM output").
 */
export const parseOrThrow = <S extends z.ZodType>(schema: S, data: unknown, what: string): z.output<S> => {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const issues = toFieldIssues(result.error);
  const fields = issues.map((i) => i.path).join(", ");
  throw new ValidationError(`Invalid ${what}: ${fields}`, issues);
};

/**
 * The "listed ids, each once" check of a model's answer about items it was shown (candidates to rank or to
 * explain): an issue for each id not in `listed` and for each id given twice, at `path(index)`, worded for
 * the re-ask (`verb` "rank", `pastVerb` "ranked"). `perEntry` adds the caller's own checks in the same pass,
 * so the issues stay in entry order.
 */
export const refineListedIdsOnce = <T>(
  entries: readonly T[],
  options: {
    id: (entry: T) => string;
    listed: ReadonlySet<string>;
    path: (index: number) => PropertyKey[];
    verb: string;
    pastVerb: string;
  },
  context: z.RefinementCtx,
  perEntry?: (entry: T, index: number) => void,
): void => {
  const seen = new Set<string>();
  entries.forEach((entry, index) => {
    const id = options.id(entry);
    if (!options.listed.has(id)) {
      context.addIssue({
        code: "custom",
        path: options.path(index),
        message: `unknown productId "${id}": ${options.verb} only the listed candidates`,
      });
    }
    if (seen.has(id)) {
      context.addIssue({
        code: "custom",
        path: options.path(index),
        message: `productId "${id}" is ${options.pastVerb} twice`,
      });
    }
    seen.add(id);
    perEntry?.(entry, index);
  });
};

/**
 * The listed id a model meant where it wrote another form of it, or `raw` unchanged: the id in another
 * case or with spaces around it, the item's name instead of its id ("batata doce polegar cubos congelada
 * 1kg"), or text holding exactly one listed id ("ID 2394892", "2394892 - batata doce…"). A form two listed
 * items fit is left as sent (never a silent pick), and the caller's check refuses it.
 */
export const resolveListedId = (raw: unknown, listed: readonly { id: string; name?: string }[]): unknown => {
  if (typeof raw !== "string") return raw;
  const ids = listed.map((item) => item.id);
  if (ids.includes(raw)) return raw;
  const only = (matches: readonly string[]): string | undefined =>
    new Set(matches).size === 1 ? matches[0] : undefined;
  const text = foldText(raw);
  if (!text) return raw;
  const byId = only(ids.filter((id) => foldText(id) === text));
  if (byId) return byId;
  const byName = listed.filter((item) => item.name !== undefined && foldText(item.name) === text);
  if (byName.length > 0) return byName.length === 1 ? byName[0]?.id : raw;
  const within = only(
    ids.filter((id) =>
      new RegExp(`(?<![\\p{L}\\p{N}_-])${escapeRegExp(foldText(id))}(?![\\p{L}\\p{N}_-])`, "u").test(text),
    ),
  );
  return within ?? raw;
};

/**
 * A model's answer (`raw`) with each entry of `raw[key]` holding its productId read as the listed id it names (another case, the
 * candidate's name, "ID 2394892"): see resolveListedId. Anything else is left for the schema to judge.
 */
export const withListedIds = (
  raw: unknown,
  key: string,
  ids: ReadonlySet<string>,
  names: ReadonlyMap<string, string>,
): unknown => {
  if (typeof raw !== "object" || raw === null) return raw;
  const entries = (raw as Record<string, unknown>)[key];
  if (!Array.isArray(entries)) return raw;
  const listed = [...ids].map((id) => ({ id, name: names.get(id) }));
  return {
    ...raw,
    [key]: entries.map((entry) =>
      typeof entry === "object" && entry !== null && "productId" in entry
        ? { ...entry, productId: resolveListedId(entry.productId, listed) }
        : entry,
    ),
  };
};
