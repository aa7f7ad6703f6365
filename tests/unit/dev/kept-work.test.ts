import { GetCommand, ScanCommand } from "@aws-sdk/lib-dynamodb";
import { describe, expect, it } from "vitest";
import {
  findKeptWork,
  KeptWorkStoppedError,
  nextScanPageItems,
  SCAN_PAGE_SIZING,
} from "../../../dev/kept-work";
import { createReviewResumer, type PausedReview } from "../../../dev/paused-reviews";

/** Turns a test hands out one at a time: each `next()` waits until `give()`. */
const manualTurns = () => {
  const waiting: ((go: boolean) => void)[] = [];
  return {
    next: () => new Promise<boolean>((resolve) => waiting.push(resolve)),
    waiting: () => waiting.length,
    give: (go = true) => waiting.shift()?.(go),
  };
};

const flush = async () => {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
};

/** A table of `pages` Scan pages, each one paused message; records each Scan's Limit. */
const scannedTable = (pages: number) => {
  const limits: number[] = [];
  const documents = {
    send: async (command: unknown) => {
      if (!(command instanceof ScanCommand)) throw new Error("unexpected command");
      limits.push(Number(command.input.Limit));
      const page = limits.length;
      return {
        Items: [
          {
            pk: `T#demo#NEG#neg_${page}`,
            sk: `MSG#msg_${page}`,
            data: { status: "awaiting_review", taskToken: `tok-${page}` },
          },
        ],
        ...(page < pages
          ? { LastEvaluatedKey: { pk: `T#demo#NEG#neg_${page}`, sk: `MSG#msg_${page}` } }
          : {}),
      };
    },
  };
  return { documents, limits };
};

describe("finding the kept work", () => {
  it("sends each Scan page only when its turn comes (the API idle)", async () => {
    const table = scannedTable(3);
    const turns = manualTurns();
    // biome-ignore lint/suspicious/noExplicitAny: the fake answers only the Scan.
    const found = findKeptWork(table.documents as any, "t", { turns });
    await flush();
    expect(table.limits).toHaveLength(0);
    turns.give();
    await flush();
    expect(table.limits).toHaveLength(1);
    // The next page waits for its own turn.
    expect(turns.waiting()).toBe(1);
    expect(table.limits).toHaveLength(1);
    turns.give();
    await flush();
    turns.give();
    const work = await found;
    expect(table.limits).toHaveLength(3);
    expect(work.paused.map((review) => review.messageId)).toEqual(["msg_1", "msg_2", "msg_3"]);
  });

  it("stops, sending no more pages, when the stack stops meanwhile", async () => {
    const table = scannedTable(3);
    const turns = manualTurns();
    // biome-ignore lint/suspicious/noExplicitAny: the fake answers only the Scan.
    const found = findKeptWork(table.documents as any, "t", { turns });
    turns.give();
    await flush();
    turns.give(false);
    await expect(found).rejects.toBeInstanceOf(KeptWorkStoppedError);
    expect(table.limits).toHaveLength(1);
  });

  it("sizes each page from how long the last took: the first small, then towards the target", async () => {
    const table = scannedTable(3);
    // Each page takes 50 ms on this clock: a quarter of the 200 ms target, so the next may double.
    let clock = 0;
    const now = () => {
      clock += 25;
      return clock;
    };
    // biome-ignore lint/suspicious/noExplicitAny: the fake answers only the Scan.
    await findKeptWork(table.documents as any, "t", { now });
    expect(table.limits).toEqual([
      SCAN_PAGE_SIZING.first,
      SCAN_PAGE_SIZING.first * 2,
      SCAN_PAGE_SIZING.first * 4,
    ]);
  });
});

describe("a Scan page's size", () => {
  const sizing = { first: 100, min: 100, max: 1000, targetMs: 200 };
  it("grows at most twofold, shrinks towards the target, and stays within its bounds", () => {
    expect(nextScanPageItems(100, 10, sizing)).toBe(200);
    expect(nextScanPageItems(400, 400, sizing)).toBe(200);
    expect(nextScanPageItems(100, 2_000, sizing)).toBe(100);
    expect(nextScanPageItems(800, 50, sizing)).toBe(1000);
  });
});

describe("carrying the paused reviews on", () => {
  const review = (messageId: string): PausedReview => ({
    key: { pk: `T#demo#NEG#neg_${messageId}`, sk: `MSG#${messageId}` },
    tenant: "demo",
    negotiationId: `neg_${messageId}`,
    messageId,
    staleToken: `tok-${messageId}`,
  });
  const resumerOf = (reviews: PausedReview[]) => {
    const tokens = new Map(reviews.map((r) => [r.messageId, r.staleToken]));
    const started: string[] = [];
    const resumer = createReviewResumer({
      documents: {
        send: async (command: unknown) => {
          if (!(command instanceof GetCommand)) throw new Error("unexpected command");
          const messageId = String(command.input.Key?.sk).slice(4);
          return { Item: { data: { status: "awaiting_review", taskToken: tokens.get(messageId) } } };
        },
        // biome-ignore lint/suspicious/noExplicitAny: the fake answers only GetItem.
      } as any,
      tableName: "t",
      workflows: {
        startAt: async (_w: string, _s: string, input: unknown) => {
          const { messageId } = input as { messageId: string };
          started.push(messageId);
          tokens.set(messageId, `new-${messageId}`);
          return { executionId: messageId, startedAt: "" };
        },
      },
      paused: reviews,
      waitMs: 1_000,
    });
    return { resumer, started };
  };

  it("starts each resumption only when its turn comes, while a review carries its own on at once", async () => {
    const { resumer, started } = resumerOf([review("a"), review("b"), review("c")]);
    const turns = manualTurns();
    const all = resumer.resumeAll(1, turns.next);
    await flush();
    expect(started).toEqual([]);
    // A review does not wait for a turn (it is the request the work gives way to).
    expect(await resumer.freshTokenFor("tok-c")).toBe("new-c");
    turns.give();
    await flush();
    expect(started).toEqual(["c", "a"]);
    turns.give();
    await flush();
    // "c" was carried on by its review: the next turn goes to "b", and no turn is asked for "c".
    expect(started).toEqual(["c", "a", "b"]);
    expect(await all).toEqual({ reviewable: 3, answered: 0, late: 0 });
    expect(turns.waiting()).toBe(0);
  });

  it("starts no more when a turn says the stack is stopping", async () => {
    const { resumer, started } = resumerOf([review("a"), review("b")]);
    const turns = manualTurns();
    const all = resumer.resumeAll(1, turns.next);
    turns.give();
    await flush();
    turns.give(false);
    expect(await all).toEqual({ reviewable: 1, answered: 0, late: 0 });
    expect(started).toEqual(["a"]);
  });
});
