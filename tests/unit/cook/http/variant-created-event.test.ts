import { afterEach, describe, expect, it } from "vitest";
import { installLocalEventPublisher } from "../../../../functions/core/events/process-event-publisher";
import { createCookAppHarness, seedPlan } from "../../../support/cook/cook-app-harness";
import {
  DINNER,
  mealPath,
  REPLACE_CHICKEN_WITH_TOFU,
  REPLACE_RICE_WITH_QUINOA,
  variantId,
} from "../../../support/cook/cook-fixtures";
import { eventSchemaProblems } from "../../../support/event-schemas";
import { createRecordingEventPublisher } from "../../../support/recording-event-publisher";

afterEach(() => installLocalEventPublisher(undefined));

describe("cook.variant.created, through the API-side EventPublisher port", () => {
  it("announces each created variant once, of the documented schema, under an id stable for the same ops", async () => {
    const published = createRecordingEventPublisher();
    installLocalEventPublisher(published);
    const { call } = createCookAppHarness();
    await seedPlan(call, "week-ev");
    const path = `${mealPath("week-ev", DINNER)}/variant`;
    expect((await call("POST", path, { body: { ops: [REPLACE_CHICKEN_WITH_TOFU] } })).status).toBe(200);
    expect((await call("POST", path, { body: { ops: [REPLACE_CHICKEN_WITH_TOFU] } })).status).toBe(200);
    expect((await call("POST", path, { body: { ops: [REPLACE_RICE_WITH_QUINOA] } })).status).toBe(200);
    expect(published.published).toHaveLength(3);
    for (const event of published.published) {
      expect(
        eventSchemaProblems({ source: event.source, "detail-type": event.detailType, detail: event.detail }),
      ).toEqual([]);
      expect(event.detail).toMatchObject({ tenant: "alice", variantId: variantId("week-ev", DINNER) });
    }
    const ids = published.published.map((e) => e.detail.eventId);
    expect(ids[0]).toBe(ids[1]);
    expect(ids[2]).not.toBe(ids[0]);
  });
});
