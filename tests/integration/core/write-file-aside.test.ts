import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { validationRecord } from "../../../dev/workflow/validated-asl-cache";
import { writeFileAside } from "../../../dev/write-file-aside.mjs";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "larder-write-aside-"));
});
afterEach(() => {
  vi.restoreAllMocks();
  rmSync(dir, { recursive: true, force: true });
});

// The clock is stopped in each test: writes in one process then start "in the same millisecond", which
// is when names made of the pid and the time collided (the stack bundle's manifest in CI, the ASL marker).
const stopTheClock = () => vi.spyOn(Date, "now").mockReturnValue(1_795_774_911_824);

describe("writeFileAside", () => {
  it("lets eight writes of one file in one process all succeed, leaving one whole content and no aside file", async () => {
    stopTheClock();
    const file = join(dir, "nested", "manifest.json");
    const contents = Array.from({ length: 8 }, (_, index) =>
      JSON.stringify({ index, pad: "x".repeat(100_000) }),
    );
    await Promise.all(contents.map((content) => writeFileAside(file, content)));
    expect(contents).toContain(readFileSync(file, "utf8"));
    expect(readdirSync(join(dir, "nested"))).toEqual(["manifest.json"]);
  });
});

describe("the validated-ASL marker", () => {
  it("records one definition twice at once in one process without an error", async () => {
    stopTheClock();
    const definition = {
      Comment: `twice ${process.hrtime.bigint()}`,
      StartAt: "A",
      States: { A: { Type: "Pass", End: true } },
    };
    const records = await Promise.all([validationRecord(definition, {}), validationRecord(definition, {})]);
    await Promise.all(records.map((record) => record.record()));
    expect((await validationRecord(definition, {})).validated).toBe(true);
  });
});
