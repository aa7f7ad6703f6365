import { randomUUID } from "node:crypto";

/**
 * A new opaque id with a kind prefix (`run_…`, `snap_…`): 32 hex digits of a v4 UUID, so ids sort
 * nowhere and leak no time. The one id maker; wirings pass it to use cases as a function.
 */
export const newPrefixedId = (prefix: string): string => `${prefix}_${randomUUID().replaceAll("-", "")}`;

/** An id maker bound to its prefix, the shape use cases take (`newRunId`, `newSnapshotId`). */
export const prefixedIdMaker =
  (prefix: string): (() => string) =>
  () =>
    newPrefixedId(prefix);
