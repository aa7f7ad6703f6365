import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { describe, expect, it } from "vitest";
import { createReviewResumer, type PausedReview } from "../../../dev/paused-reviews";

/** A table of paused messages in memory: each keeps its stale token until its resumed execution stores a new one. */
const fakeTable = (reviews: PausedReview[]) => {
  const tokens = new Map<string, string | null>(reviews.map((r) => [r.messageId, r.staleToken]));
  const documents = {
    send: async (command: unknown) => {
      if (!(command instanceof GetCommand)) throw new Error("unexpected command");
      const messageId = String(command.input.Key?.SK).slice(4);
      return { Item: { data: { status: "awaiting_review", taskToken: tokens.get(messageId) } } };
    },
  };
  const started: string[] = [];
  const workflows = {
    startAt: async (_workflow: string, _state: string, input: { messageId: string }) => {
      started.push(input.messageId);
      tokens.set(input.messageId, `new-${input.messageId}`);
      return { executionArn: `arn:${input.messageId}` };
    },
  };
  return { documents, workflows, started };
};

const review = (messageId: string, staleToken: string): PausedReview => ({
  key: { PK: `T#demo#NEG#neg_${messageId}`, SK: `MSG#${messageId}` },
  tenant: "demo",
  negotiationId: `neg_${messageId}`,
  messageId,
  staleToken,
});

const resumerOf = (reviews: PausedReview[]) => {
  const table = fakeTable(reviews);
  const resumer = createReviewResumer({
    // biome-ignore lint/suspicious/noExplicitAny: the fake answers only the two commands the resumer sends.
    documents: table.documents as any,
    tableName: "t",
    // biome-ignore lint/suspicious/noExplicitAny: startAt's result is not read.
    workflows: table.workflows as any,
    paused: reviews,
    waitMs: 1_000,
  });
  return { resumer, started: table.started };
};

describe("the paused reviews' resumer", () => {
  it("carries on, at once, the one message that held the token a review answers, and gives its new token", async () => {
    const { resumer, started } = resumerOf([
      review("a", "tok-a"),
      review("b", "tok-b"),
      review("c", "tok-c"),
    ]);
    expect(await resumer.freshTokenFor("tok-b")).toBe("new-b");
    expect(started).toEqual(["b"]);
    expect(resumer.pending()).toBe(2);
  });

  it("routes a token several copied messages hold to none of them (never another message's workflow)", async () => {
    const { resumer, started } = resumerOf([
      review("a", "shared"),
      review("b", "shared"),
      review("c", "tok-c"),
    ]);
    expect(await resumer.freshTokenFor("shared")).toBeUndefined();
    expect(started).toEqual([]);
    // Once carried on, each holds a token of its own, which a review sent again reads and answers.
    expect(await resumer.resumeAll()).toEqual({ reviewable: 3, answered: 0, late: 0 });
    expect(started.sort()).toEqual(["a", "b", "c"]);
  });

  it("answers undefined for a token no paused review held", async () => {
    const { resumer, started } = resumerOf([review("a", "tok-a")]);
    expect(await resumer.freshTokenFor("tok-z")).toBeUndefined();
    expect(started).toEqual([]);
  });
});
