import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { localCursorKey, startClean } from "../../../dev/data-dir";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "larder-cursor-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("the local stack's cursor key in the data folder", () => {
  it("is made random on the first start, readable by this user only, and the same after a restart", () => {
    const first = localCursorKey(join(dir, "data"));
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(statSync(join(dir, "data", "cursor.key")).mode & 0o777).toBe(0o600);
    expect(localCursorKey(join(dir, "data"))).toBe(first);
    const other = mkdtempSync(join(tmpdir(), "larder-cursor-other-"));
    try {
      expect(localCursorKey(other)).not.toBe(first);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

  it("goes with the rest of the kept data on --fresh, and a new one is made after", () => {
    const first = localCursorKey(dir);
    expect(startClean(dir)).toBe(true);
    expect(existsSync(join(dir, "cursor.key"))).toBe(false);
    expect(localCursorKey(dir)).not.toBe(first);
  });
});
