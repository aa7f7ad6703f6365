import { describe, expect, it } from "vitest";
import { createApiActivity, createBackgroundTurns } from "../../../dev/background-work";

/** Whether `promise` has settled once every pending timer and callback up to now has run. */
const settledSoon = async (promise: Promise<unknown>): Promise<boolean> => {
  let settled = false;
  void promise.then(() => {
    settled = true;
  });
  await new Promise((resolve) => setImmediate(resolve));
  await new Promise((resolve) => setImmediate(resolve));
  return settled;
};

describe("the API's activity", () => {
  it("counts the requests in flight, each ended once, and says when the last one ends", () => {
    const activity = createApiActivity();
    let idle = 0;
    activity.onIdle(() => idle++);
    const endFirst = activity.begin();
    const endSecond = activity.begin();
    expect(activity.inFlight()).toBe(2);
    endFirst();
    endFirst();
    expect(activity.inFlight()).toBe(1);
    expect(idle).toBe(0);
    endSecond();
    expect(activity.inFlight()).toBe(0);
    expect(idle).toBe(1);
    expect(activity.lastEndedAt()).toBeTypeOf("number");
  });
});

describe("background turns", () => {
  it("give a turn at once when the API has had no request", async () => {
    const turns = createBackgroundTurns(createApiActivity(), { quietMs: 10_000 });
    expect(await turns.next()).toBe(true);
  });

  it("give no turn while a request is in flight, and one once it has ended and the API stayed quiet", async () => {
    let clock = 0;
    const activity = createApiActivity(() => clock);
    const turns = createBackgroundTurns(activity, { quietMs: 50, maxWaitMs: 60_000, now: () => clock });
    const end = activity.begin();
    const turn = turns.next();
    expect(await settledSoon(turn)).toBe(false);
    clock = 100;
    end();
    // Ended at 100: no turn within the quiet moment after it, one after.
    expect(await settledSoon(turn)).toBe(false);
    clock = 150;
    expect(await turn).toBe(true);
  });

  it("give a turn to a step that waited the longest wait, however busy the API (it never starves)", async () => {
    const activity = createApiActivity();
    let clock = 0;
    const turns = createBackgroundTurns(activity, { quietMs: 5, maxWaitMs: 20, now: () => clock });
    activity.begin();
    const turn = turns.next();
    expect(await settledSoon(turn)).toBe(false);
    clock = 25;
    expect(await turn).toBe(true);
  });

  it("go at once once hurried (a request waits on the work), and end (false) once stopped", async () => {
    const activity = createApiActivity();
    activity.begin();
    const hurried = createBackgroundTurns(activity, { maxWaitMs: 60_000 });
    const waiting = hurried.next();
    expect(await settledSoon(waiting)).toBe(false);
    hurried.hurry();
    expect(await waiting).toBe(true);
    expect(await hurried.next()).toBe(true);

    const stopped = createBackgroundTurns(activity, { maxWaitMs: 60_000 });
    const pending = stopped.next();
    stopped.stop();
    expect(await pending).toBe(false);
    expect(await stopped.next()).toBe(false);
  });
});
