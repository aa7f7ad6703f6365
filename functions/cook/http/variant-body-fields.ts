import { ValidationError } from "../../core/errors";
import { parseVariantRequestBody, type VariantRequestBody } from "../domain/variants/variant-request";

/**
 * The variant body is a union (`{ ops }` or `{ instruction }`), whose bare zod failure says only "Invalid
 * input". The domain's parser names the fields of the form the body is trying to be (`ops.0.op`); this
 * runs it on the raw body and rewrites the paths the way every other 400 names them (`body.ops.0.op`).
 */
export const parseVariantBodyNamingFields = (raw: unknown): VariantRequestBody => {
  try {
    return parseVariantRequestBody(raw);
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const issues = error.issues.map((issue) => ({
      path: issue.path === "(root)" ? "body" : `body.${issue.path}`,
      message: issue.message,
    }));
    throw new ValidationError(`Invalid body: ${issues.map((issue) => issue.path).join(", ")}`, issues);
  }
};
