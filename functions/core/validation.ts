import type { z } from "zod";
import { type FieldIssue, ValidationError } from "./errors";

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
