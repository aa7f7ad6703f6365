import { describe, expect, it } from "vitest";
import { mapWithConcurrency } from "../../../functions/core/map-with-concurrency";

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe("mapWithConcurrency", () => {
  it("keeps the input order whatever order the calls finish in", async () => {
    const items = [5, 1, 4, 2, 3];
    const doubled = await mapWithConcurrency(items, 2, async (n) => {
      await new Promise((resolve) => setTimeout(resolve, n));
      return n * 2;
    });
    expect(doubled).toEqual(items.map((n) => n * 2));
  });

  it("never has more than `limit` calls in flight, and uses all of them", async () => {
    let inFlight = 0;
    let highest = 0;
    await mapWithConcurrency(
      Array.from({ length: 20 }, (_, i) => i),
      3,
      async () => {
        inFlight += 1;
        highest = Math.max(highest, inFlight);
        await tick();
        inFlight -= 1;
      },
    );
    expect(highest).toBe(3);
  });

  it("rejects with the first failure and starts no call after it", async () => {
    const started: number[] = [];
    const failure = new Error("boom");
    const result = mapWithConcurrency([0, 1, 2, 3, 4, 5], 1, async (n) => {
      started.push(n);
      if (n === 2) throw failure;
    });
    await expect(result).rejects.toBe(failure);
    expect(started).toEqual([0, 1, 2]);
  });

  it("answers an empty list without calling", async () => {
    expect(await mapWithConcurrency([], 4, async () => 1)).toEqual([]);
  });

  it("refuses a limit below one", async () => {
    await expect(mapWithConcurrency([1], 0, async (n) => n)).rejects.toThrow(RangeError);
  });
});
