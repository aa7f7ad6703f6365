import type { LarderErrorResponse } from "../../../sdk/larder-client";
import { ApiError } from "./api";

/** One field the API's validation refused (`details.issues` of a 400), by its path without `body.`. */
export type FieldIssue = { path: string; message: string };

/** An ApiError that also carries the API's field issues, for a form to show each at its field. */
export class FormError extends ApiError {
  constructor(
    status: number,
    code: string,
    message: string,
    readonly issues: readonly FieldIssue[],
  ) {
    super(status, code, message);
    this.name = "FormError";
  }
}

const issuesOf = (details: unknown): FieldIssue[] => {
  const issues = (details as { issues?: unknown } | undefined)?.issues;
  if (!Array.isArray(issues)) return [];
  return issues.flatMap((issue) => {
    const { path, message } = (issue ?? {}) as { path?: unknown; message?: unknown };
    return typeof path === "string" && typeof message === "string"
      ? [{ path: path.replace(/^body\.?/, ""), message }]
      : [];
  });
};

/** `unwrap` for a form: the same ApiError, with the API's field issues kept (FormError). */
export const unwrapForm = async <T>(
  call: Promise<{ data?: T; error?: LarderErrorResponse | unknown; response: Response }>,
): Promise<T> => {
  const { data, error, response } = await call;
  if (error !== undefined || data === undefined) {
    const body = error as Partial<LarderErrorResponse> | undefined;
    throw new FormError(
      response.status,
      body?.error?.code ?? `http_${response.status}`,
      body?.error?.message ?? response.statusText,
      issuesOf(body?.error?.details),
    );
  }
  return data;
};

/** The API's message for a field (`weeklyRun.hour`), or for any field under it. */
export const issueAt = (error: unknown, path: string): string | undefined =>
  error instanceof FormError
    ? error.issues.find((issue) => issue.path === path || issue.path.startsWith(`${path}.`))?.message
    : undefined;

/** For a call whose success is a 204 (no body): resolves on a 2xx, else throws the ApiError of `unwrap`. */
export const unwrapEmpty = async (
  call: Promise<{ error?: LarderErrorResponse | unknown; response: Response }>,
): Promise<void> => {
  const { error, response } = await call;
  if (response.ok) return;
  await unwrapForm(Promise.resolve({ error: error ?? {}, response }));
};
