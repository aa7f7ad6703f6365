import { describe, expect, it } from "vitest";
import { createLambdaContext } from "../../../../dev/lambda-context";
import { STORE_DEADLINE_MARGIN_MS } from "../../../../functions/shop/adapters/store/store-deadline-margin";
import { storeSessionOpener } from "../../../../functions/shop/adapters/store-session-opener";
import type {
  StoreHousehold,
  StoreSession,
} from "../../../../functions/shop/domain/ports/store-session-opener";
import { createFakeStore } from "../../../support/shop/coordinator-fixtures";

/** An opener whose sessions are fake stores, recording whose session was opened and until when. */
const recordingOpener = () => {
  const opened: { household: StoreHousehold; deadline: number }[] = [];
  const opener = storeSessionOpener(async (household, deadline): Promise<StoreSession> => {
    opened.push({ household, deadline });
    return { ...createFakeStore({}), close: async () => undefined };
  });
  return { opener, opened };
};

describe("storeSessionOpener", () => {
  it("bounds a request's sessions by its Lambda's remaining time less the store's margin", async () => {
    const { opener, opened } = recordingOpener();
    const before = Date.now();
    const sessions = opener.forClock(createLambdaContext("ShopApi", 20));
    await sessions.open({ householdId: "casa-silva", tenant: "alice" });
    expect(sessions.deadline).toBeGreaterThanOrEqual(before + 20_000 - STORE_DEADLINE_MARGIN_MS - 100);
    expect(sessions.deadline).toBeLessThanOrEqual(Date.now() + 20_000 - STORE_DEADLINE_MARGIN_MS);
    expect(opened).toEqual([
      { household: { householdId: "casa-silva", tenant: "alice" }, deadline: sessions.deadline },
    ]);
  });

  it("without a Lambda clock has no deadline to wait to, and bounds its sessions by API Gateway's cut", async () => {
    const { opener, opened } = recordingOpener();
    const before = Date.now();
    const sessions = opener.forClock(undefined);
    await sessions.open({ householdId: "casa-silva" });
    expect(sessions.deadline).toBeUndefined();
    const deadline = opened[0]?.deadline ?? Number.NaN;
    expect(deadline).toBeGreaterThanOrEqual(before + 30_000 - STORE_DEADLINE_MARGIN_MS);
    expect(deadline).toBeLessThanOrEqual(Date.now() + 30_000 - STORE_DEADLINE_MARGIN_MS);
  });
});
