import { z } from "zod";
import { ErrorResponseSchema } from "../../functions/core/http/error-response";

const IssuesDetailsSchema = z.object({
  issues: z.array(z.object({ path: z.string(), message: z.string() })),
});

/** The `error` object of a response in the shared error shape; throws if the body has another shape. */
export const parseErrorBody = (json: unknown) => ErrorResponseSchema.strict().parse(json).error;

/** The field paths a 400's `details.issues` names. */
export const issuePaths = (details: unknown): string[] =>
  IssuesDetailsSchema.parse(details).issues.map((issue) => issue.path);
