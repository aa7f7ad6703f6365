import { mkdirSync, mkdtempSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  dataBytesOf,
  STACK_PGLITE_SETTINGS,
  sharedBuffersFor,
  stackPgliteSettings,
} from "../../../dev/local-postgres";

const MB = 2 ** 20;
const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A data directory whose `base` holds these files (name → size), in one database folder. */
const dataDir = (files: Record<string, number>): string => {
  const dir = mkdtempSync(join(tmpdir(), "larder-cache-size-"));
  folders.push(dir);
  mkdirSync(join(dir, "base", "5"), { recursive: true });
  for (const [name, size] of Object.entries(files))
    writeFileSync(join(dir, "base", "5", name), Buffer.alloc(size));
  return dir;
};

describe("the stack's buffer cache for a kept folder", () => {
  it("keeps 16 MB up to 256 MB of data, then holds the data in steps of 64 MB, at most 1 GB", () => {
    expect(sharedBuffersFor(0)).toBe("16MB");
    expect(sharedBuffersFor(256 * MB)).toBe("16MB");
    expect(sharedBuffersFor(256 * MB + 1)).toBe("320MB");
    expect(sharedBuffersFor(376 * MB)).toBe("384MB");
    expect(sharedBuffersFor(5000 * MB)).toBe("1024MB");
  });

  it("counts the folder's own tables and indexes, segments included, not the system catalog", () => {
    const dir = dataDir({ "1259": 3000, "16384": 1000, "16384_fsm": 500, "16390": 200, "16390.1": 50 });
    expect(dataBytesOf(dir)).toBe(1250);
    expect(dataBytesOf(join(dir, "missing"))).toBe(0);
  });

  it("gives a small or new folder the stack's small cache, and a large one its data's size", () => {
    expect(stackPgliteSettings()).toEqual(STACK_PGLITE_SETTINGS);
    expect(stackPgliteSettings(dataDir({ "16384": MB }))).toEqual(STACK_PGLITE_SETTINGS);
    // Sparse files: the size is what stat reports, nothing is written.
    const large = dataDir({});
    writeFileSync(join(large, "base", "5", "16384"), "");
    truncateSync(join(large, "base", "5", "16384"), 300 * MB);
    expect(stackPgliteSettings(large)).toEqual({ ...STACK_PGLITE_SETTINGS, shared_buffers: "320MB" });
  });
});
