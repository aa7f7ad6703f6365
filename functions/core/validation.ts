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
