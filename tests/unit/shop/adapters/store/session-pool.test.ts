import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  createIdleSessionPool,
  createOpenSessionLimit,
  householdKey,
} from "../../../../../functions/shop/adapters/store/browser/session-pool";

const fakeSession = (healthy = true) => {
  const closed: string[] = [];
  const page = { isClosed: () => false } as unknown as Page;
  const context = {} as BrowserContext;
  return {
    closed,
    session: {
      healthy,
      context,
      page,
      closeContext: async () => {
        closed.push("closed");
      },
    },
  };
};

describe("createIdleSessionPool", () => {
  it("gives a kept session back to its own household only", async () => {
    const pool = createIdleSessionPool(2, async () => undefined);
    const { session } = fakeSession();
    await pool.release("household-a", session);
    expect(pool.take("household-b")).toBeUndefined();
    expect(pool.take("household-a")).toMatchObject({ context: session.context, page: session.page });
    expect(pool.take("household-a")).toBeUndefined();
    pool.clear();
  });

  it("closes an unhealthy session, or one beyond the idle limit, instead of keeping it", async () => {
    const pool = createIdleSessionPool(1, async () => undefined);
    const unhealthy = fakeSession(false);
    await pool.release("a", unhealthy.session);
    expect(unhealthy.closed).toEqual(["closed"]);
    const first = fakeSession();
    const second = fakeSession();
    await pool.release("a", first.session);
    await pool.release("a", second.session);
    expect(first.closed).toEqual([]);
    expect(second.closed).toEqual(["closed"]);
    pool.clear();
  });
});

describe("householdKey", () => {
  it("is the same for the same cookies in any order, and differs for another household's", () => {
    const a = { name: "s", value: "1", url: "https://store.example" };
    const b = { name: "t", value: "2", url: "https://store.example" };
    const key = (cookies: (typeof a)[]) => householdKey({ cookies } as never);
    expect(key([a, b])).toBe(key([b, a]));
    expect(key([a])).not.toBe(key([b]));
  });
});

describe("createOpenSessionLimit", () => {
  it("makes the session beyond the limit wait for a slot, and hands a freed slot to it", async () => {
    const limit = createOpenSessionLimit(1);
    await limit.take((turn) => turn);
    let granted = false;
    const second = limit
      .take((turn) => turn)
      .then(() => {
        granted = true;
      });
    await Promise.resolve();
    expect(granted).toBe(false);
    limit.free();
    await second;
    expect(granted).toBe(true);
  });

  it("leaves the queue when the wait fails, so the next free slot goes to no one gone", async () => {
    const limit = createOpenSessionLimit(1);
    await limit.take((turn) => turn);
    await expect(limit.take(() => Promise.reject(new Error("deadline")))).rejects.toThrow("deadline");
    limit.free();
    // The slot is free again: the next session takes it without waiting.
    await limit.take(() => Promise.reject(new Error("should not wait")));
  });
});
