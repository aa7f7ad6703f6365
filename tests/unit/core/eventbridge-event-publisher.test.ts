import { EventBridgeClient, PutEventsCommand } from "@aws-sdk/client-eventbridge";
import { mockClient } from "aws-sdk-client-mock";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError } from "../../../functions/core/errors";
import type { DomainEvent } from "../../../functions/core/events/event-publisher-port";
import { createEventBridgePublisher } from "../../../functions/core/events/eventbridge-event-publisher";
import { readEventsConfig } from "../../../functions/core/events/events-config";
import { processEventPublisher } from "../../../functions/core/events/process-event-publisher";
import { eventSchemaProblems } from "../../support/event-schemas";

const eventBridge = mockClient(EventBridgeClient);
afterEach(() => eventBridge.reset());

const variantCreated = (n: number): DomainEvent => ({
  source: "larder.cook",
  detailType: "cook.variant.created",
  detail: {
    eventId: `cook.variant.created:snap_1:2026-03-0${(n % 9) + 1}:dinner:ops${n}`,
    schemaVersion: "1",
    tenant: "tenant-a",
    recipeId: "rice",
    variantId: `snap_1:2026-03-0${(n % 9) + 1}:dinner`,
  },
});

const recordingLogger = () => {
  const warnings: { message: string; extra: Record<string, unknown> }[] = [];
  return {
    warnings,
    info: () => {},
    warn: (message: string, ...extra: Record<string, unknown>[]) =>
      warnings.push({ message, extra: Object.assign({}, ...extra) }),
  };
};

const publisher = (logger = recordingLogger()) =>
  createEventBridgePublisher({ client: new EventBridgeClient({}), busName: "larder-test", logger });

describe("the deployed EventPublisher (PutEvents on the stage's bus)", () => {
  it("puts each event on the bus with its source, detail-type and detail, ten entries per call", async () => {
    eventBridge.on(PutEventsCommand).callsFake((input: { Entries: unknown[] }) => ({
      FailedEntryCount: 0,
      Entries: input.Entries.map((_, i) => ({ EventId: `e${i}` })),
    }));
    const logger = recordingLogger();
    const events = Array.from({ length: 12 }, (_, n) => variantCreated(n));
    await publisher(logger).publish(events);

    const calls = eventBridge.commandCalls(PutEventsCommand);
    expect(calls.map((c) => c.args[0].input.Entries?.length)).toEqual([10, 2]);
    const first = calls[0]?.args[0].input.Entries?.[0];
    expect(first).toEqual({
      EventBusName: "larder-test",
      Source: "larder.cook",
      DetailType: "cook.variant.created",
      Detail: JSON.stringify(events[0]?.detail),
    });
    // What lands on the bus is the documented event.
    expect(
      eventSchemaProblems({
        source: first?.Source ?? "",
        "detail-type": first?.DetailType ?? "",
        detail: JSON.parse(first?.Detail ?? "{}"),
      } as Parameters<typeof eventSchemaProblems>[0]),
    ).toEqual([]);
    expect(logger.warnings).toEqual([]);
  });

  it("logs an entry EventBridge refused (FailedEntryCount > 0) with its error, and resolves", async () => {
    eventBridge.on(PutEventsCommand).resolves({
      FailedEntryCount: 1,
      Entries: [{ EventId: "ok" }, { ErrorCode: "InternalFailure", ErrorMessage: "try again" }],
    });
    const logger = recordingLogger();
    await expect(publisher(logger).publish([variantCreated(1), variantCreated(2)])).resolves.toBeUndefined();
    expect(logger.warnings).toEqual([
      {
        message: "Domain event not published: EventBridge refused the entry",
        extra: {
          busName: "larder-test",
          detailType: "cook.variant.created",
          eventId: variantCreated(2).detail.eventId,
          errorCode: "InternalFailure",
          errorMessage: "try again",
        },
      },
    ]);
  });

  it("logs a PutEvents call that failed (after the SDK's retries) and never fails the request", async () => {
    eventBridge
      .on(PutEventsCommand)
      .rejects(Object.assign(new Error("Rate exceeded"), { name: "ThrottlingException" }));
    const logger = recordingLogger();
    await expect(publisher(logger).publish([variantCreated(3)])).resolves.toBeUndefined();
    expect(logger.warnings).toHaveLength(1);
    expect(logger.warnings[0]?.extra).toMatchObject({
      errorName: "ThrottlingException",
      events: [{ detailType: "cook.variant.created", eventId: variantCreated(3).detail.eventId }],
    });
    // No event body in the log.
    expect(JSON.stringify(logger.warnings)).not.toContain("recipeId");
  });

  it("is what a handler gets when EVENT_BUS_NAME is configured (the SDK client loaded on the first event)", async () => {
    eventBridge.on(PutEventsCommand).resolves({ FailedEntryCount: 0, Entries: [{ EventId: "e0" }] });
    await processEventPublisher({ busName: "larder-prod" }).publish([variantCreated(4)]);
    const calls = eventBridge.commandCalls(PutEventsCommand);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.args[0].input.Entries?.[0]?.EventBusName).toBe("larder-prod");
  });
});

describe("EVENT_BUS_NAME", () => {
  it("is read once into the config, optional outside a Lambda and required in one, naming the variable", () => {
    expect(readEventsConfig({ EVENT_BUS_NAME: "larder-dev" })).toEqual({ busName: "larder-dev" });
    expect(readEventsConfig({})).toEqual({});
    expect(() => readEventsConfig({ AWS_LAMBDA_FUNCTION_NAME: "larder-dev-CookApi" })).toThrow(ConfigError);
    expect(() => readEventsConfig({ AWS_LAMBDA_FUNCTION_NAME: "larder-dev-CookApi" })).toThrow(
      /EVENT_BUS_NAME/,
    );
  });
});
