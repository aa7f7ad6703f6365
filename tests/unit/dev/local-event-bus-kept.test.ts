import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { eventsFile, startClean } from "../../../dev/data-dir";
import { createLocalEventBus } from "../../../dev/workflow/local-event-bus";

/** GET /dev/events is kept with the rest of the local data: a restart finds the events of before. */
const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "larder-events-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const event = (n: number) => ({
  source: "larder.shop" as const,
  detailType: "shop.run.succeeded",
  detail: { eventId: `shop.run.succeeded:run-${n}`, schemaVersion: "1", tenant: "demo", n },
});

describe("the local event bus with a data folder", () => {
  it("finds the events of an earlier start, oldest first, and adds the new ones after them", async () => {
    const dir = dataDir();
    const before = createLocalEventBus({ file: eventsFile(dir) });
    await before.publish([event(1), event(2)]);
    const after = createLocalEventBus({ file: eventsFile(dir) });
    expect(after.events().map((e) => e.detail.n)).toEqual([1, 2]);
    await after.publish([event(3)]);
    const third = createLocalEventBus({ file: eventsFile(dir) });
    expect(third.events().map((e) => e.detail.n)).toEqual([1, 2, 3]);
  });

  it("keeps the last maxRetained, skips a torn last line, and --fresh removes the file", async () => {
    const dir = dataDir();
    const bus = createLocalEventBus({ file: eventsFile(dir), maxRetained: 3 });
    await bus.publish([1, 2, 3, 4, 5].map(event));
    const { appendFileSync } = await import("node:fs");
    appendFileSync(eventsFile(dir), '{"version":"0","id":');
    const again = createLocalEventBus({ file: eventsFile(dir), maxRetained: 3 });
    expect(again.events().map((e) => e.detail.n)).toEqual([3, 4, 5]);
    expect(readFileSync(eventsFile(dir), "utf8").trim().split("\n")).toHaveLength(3);
    expect(startClean(dir)).toBe(true);
    expect(existsSync(eventsFile(dir))).toBe(false);
  });
});
