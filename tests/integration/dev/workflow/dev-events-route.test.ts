import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningApiServer, startApiServer } from "../../../../dev/api-server";
import { createLocalEventBus, formatBusEvent } from "../../../../dev/workflow/local-event-bus";
import { eventSchemaProblems } from "../../../support/event-schemas";

/** The local-only GET /dev/events over a real in-process bus, as `npm start` wires them. */
const bus = createLocalEventBus();
const printed: string[] = [];
let server: RunningApiServer;

beforeAll(async () => {
  bus.subscribe((event) => printed.push(formatBusEvent(event)));
  server = await startApiServer({
    host: "127.0.0.1",
    port: 0,
    routes: [],
    functions: [],
    loadHandler: async () => {
      throw new Error("no handler in this test");
    },
    localEvents: () => bus.events(),
  });
});
afterAll(async () => {
  await server?.close();
});

const failedRun = (tenant: string, runId: string) => ({
  Entries: [
    {
      EventBusName: bus.name,
      Source: "larder.shop",
      DetailType: "shop.run.failed",
      Detail: {
        eventId: `shop.run.failed:${runId}`,
        schemaVersion: "1",
        tenant,
        runId,
        householdId: "house-1",
        error: "StoreUnreachableError",
      },
    },
  ],
});

describe("GET /dev/events (local only)", () => {
  it("shows the caller's tenant's events, prints each as one line, and refuses a call without a token", async () => {
    await bus.putEvents(failedRun("tenant-a", "run_a1"));
    await bus.putEvents(failedRun("tenant-b", "run_b1"));
    const res = await fetch(`${server.url}/dev/events`, {
      headers: { authorization: "Bearer dev:tenant-a" },
    });
    expect(res.status).toBe(200);
    const { events } = (await res.json()) as { events: Parameters<typeof eventSchemaProblems>[0][] };
    expect(events.map((e) => e.detail.runId)).toEqual(["run_a1"]);
    expect(eventSchemaProblems(events[0] as Parameters<typeof eventSchemaProblems>[0])).toEqual([]);
    expect(printed).toHaveLength(2);
    for (const line of printed) expect(line).not.toContain("\n");
    expect(printed[0]).toContain("shop.run.failed shop.run.failed:run_a1");
    const anonymous = await fetch(`${server.url}/dev/events`);
    expect(anonymous.status).toBe(401);
  });

  it("refuses a PutEvents entry for another bus, or without a type, and delivers none of its batch", async () => {
    const before = bus.events().length;
    const entries = failedRun("tenant-a", "run_a2").Entries;
    await expect(
      bus.putEvents({ Entries: [...entries, { ...entries[0], EventBusName: "default" }] }),
    ).rejects.toThrow(/EventBusName/);
    await expect(bus.putEvents({ Entries: [{ ...entries[0], DetailType: undefined }] })).rejects.toThrow(
      /DetailType/,
    );
    expect(bus.events()).toHaveLength(before);
  });
});
