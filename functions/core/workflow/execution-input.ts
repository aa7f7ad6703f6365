import { PayloadTooLargeError, ValidationError } from "../errors";

/** Step Functions' limit for an execution input and for every state's input and output (256 KiB). */
export const maxPayloadBytes = 256 * 1024;

/**
 * A subset of what Step Functions accepts in an execution name (it also allows some Unicode): enough for
 * idempotency keys built from ids, and it never needs escaping in an ARN, a URL or a log line.
 */
const executionNamePattern = /^[A-Za-z0-9_-]{1,80}$/;

/** Throws a ValidationError naming the option when the name would be refused by Step Functions. */
export const assertValidExecutionName = (name: string): void => {
  if (!executionNamePattern.test(name)) {
    throw new ValidationError("Invalid execution name", [
      { path: "executionName", message: "1-80 characters of letters, digits, '-' and '_'" },
    ]);
  }
};

/**
 * The execution input as the JSON text Step Functions receives: `{}` when absent (as StartExecution
 * does), refused when it is not JSON or exceeds the payload limit, so both adapters fail the same way
 * before anything runs.
 */
export const serializeExecutionInput = (input: unknown): string => {
  let text: string | undefined;
  try {
    text = JSON.stringify(input ?? {});
  } catch (error) {
    throw new ValidationError("Execution input is not JSON", [{ path: "input", message: String(error) }]);
  }
  if (text === undefined) {
    throw new ValidationError("Execution input is not JSON", [
      { path: "input", message: "not serializable" },
    ]);
  }
  const bytes = Buffer.byteLength(text, "utf8");
  if (bytes > maxPayloadBytes) {
    throw new PayloadTooLargeError(`Execution input is ${bytes} bytes; the limit is ${maxPayloadBytes}`, {
      details: { bytes, limit: maxPayloadBytes },
    });
  }
  return text;
};
