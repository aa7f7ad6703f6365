import { type EventBridgeClient, PutEventsCommand } from "@aws-sdk/client-eventbridge";
import type { LoggerPort } from "../logger-port";
import type { DomainEvent, EventPublisher } from "./event-publisher-port";

/** PutEvents takes at most 10 entries per call. */
const MAX_ENTRIES_PER_CALL = 10;

const ids = (events: readonly DomainEvent[]) =>
  events.map((e) => ({ detailType: e.detailType, eventId: e.detail.eventId }));

/**
 * The deployed EventPublisher: PutEvents on the stage's bus. An announcement follows work that is already
 * done (a variant saved, decisions applied), so a publication that fails — an entry EventBridge refused
 * (FailedEntryCount > 0) or a call that failed after the SDK's retries — is logged with the event's type,
 * id and the error, never thrown into the request. The log carries no detail (it may name a tenant's data).
 */
export const createEventBridgePublisher = (options: {
  client: Pick<EventBridgeClient, "send">;
  busName: string;
  logger: LoggerPort;
}): EventPublisher => ({
  async publish(events) {
    for (let start = 0; start < events.length; start += MAX_ENTRIES_PER_CALL) {
      const chunk = events.slice(start, start + MAX_ENTRIES_PER_CALL);
      try {
        const out = await options.client.send(
          new PutEventsCommand({
            Entries: chunk.map((event) => ({
              EventBusName: options.busName,
              Source: event.source,
              DetailType: event.detailType,
              Detail: JSON.stringify(event.detail),
            })),
          }),
        );
        if ((out.FailedEntryCount ?? 0) === 0) continue;
        chunk.forEach((event, index) => {
          const entry = out.Entries?.[index];
          if (entry?.EventId && !entry.ErrorCode) return;
          options.logger.warn("Domain event not published: EventBridge refused the entry", {
            busName: options.busName,
            detailType: event.detailType,
            eventId: event.detail.eventId,
            errorCode: entry?.ErrorCode ?? "unknown",
            errorMessage: entry?.ErrorMessage ?? "no result for this entry",
          });
        });
      } catch (error) {
        options.logger.warn("Domain events not published: PutEvents failed", {
          busName: options.busName,
          events: ids(chunk),
          errorName: error instanceof Error ? error.name : "unknown",
          errorMessage: error instanceof Error ? error.message : String(error),
        });
      }
    }
  },
});
