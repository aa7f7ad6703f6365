import { ConflictError, DependencyUnavailableError, LarderError, RateLimitedError } from "../errors";

const nameOf = (error: unknown): string =>
  typeof error === "object" && error !== null && "name" in error
    ? String((error as { name: unknown }).name)
    : "";

/**
 * Turns DynamoDB SDK failures into our categories. The SDK has already retried throttling and 5xx by
 * the time we see them (one retry owner per layer).
 */
export const mapDynamoError = (error: unknown, what: string): unknown => {
  if (error instanceof LarderError) return error;
  const name = nameOf(error);
  if (name === "ConditionalCheckFailedException") {
    return new ConflictError(`${what}: the item changed since it was read (stale version)`, {
      code: "stale_write",
      cause: error,
    });
  }
  if (name === "TransactionCanceledException") {
    const reasons =
      (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons?.map(
        (r) => r.Code ?? "None",
      ) ?? [];
    return new ConflictError(`${what}: the transaction was cancelled and wrote nothing`, {
      code: "transaction_cancelled",
      details: { reasons },
      cause: error,
    });
  }
  if (
    name === "ProvisionedThroughputExceededException" ||
    name === "ThrottlingException" ||
    name === "RequestLimitExceeded"
  ) {
    return new RateLimitedError(`${what}: the table is throttling requests`, { cause: error });
  }
  if (isUnreachable(error)) {
    return new DependencyUnavailableError(`${what}: the table is unavailable`, {
      code: "table_unavailable",
      cause: error,
    });
  }
  // Anything else (a ValidationException is our bug) stays unknown and becomes a generic 500.
  return error;
};

const isUnreachable = (error: unknown): boolean => {
  if (typeof error !== "object" || error === null) return false;
  const e = error as { $fault?: string; code?: string; name?: string };
  return (
    e.$fault === "server" ||
    ["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE"].includes(e.code ?? "") ||
    ["TimeoutError", "NetworkingError"].includes(e.name ?? "")
  );
};
