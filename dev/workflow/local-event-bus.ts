import { randomUUID } from "node:crypto";
import { appendFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { ValidationError } from "../../functions/core/errors";
import type { DomainEvent, EventPublisher } from "../../functions/core/events/event-publisher-port";
import { localAccountId, localRegion } from "./asl-substitutions";

/** The local bus's name, where CDK names the deployed one `larder-<stage>`. */
export const LOCAL_EVENT_BUS_NAME = "larder-local";

/** An event as EventBridge hands it to a rule's target (the envelope's fields a subscriber reads). */
export interface BusEvent {
  version: "0";
  /** EventBridge's own id: new on every delivery. Dedupe on `detail.eventId`, which is stable. */
  id: string;
  "detail-type": string;
  source: string;
  account: string;
  time: string;
  region: string;
  resources: string[];
  detail: Record<string, unknown>;
}

/** One PutEvents entry as a state machine's `events:putEvents` Task passes it. */
interface PutEventsEntry {
  EventBusName?: unknown;
  Source?: unknown;
  DetailType?: unknown;
  Detail?: unknown;
}

export interface LocalEventBus extends EventPublisher {
  readonly name: string;
  /** The `arn:aws:states:::events:putEvents` Task, as the local runner calls it with its Parameters. */
  putEvents(input: unknown): Promise<{ Entries: { EventId: string }[]; FailedEntryCount: number }>;
  /** What was published, oldest first (the last `maxRetained`). */
  events(): BusEvent[];
  /** Calls `listener` with every event published from now on; returns the unsubscribe. */
  subscribe(listener: (event: BusEvent) => void): () => void;
}

const invalid = (message: string) =>
  new ValidationError(`PutEvents: ${message}`, [{ path: "Entries", message }]);

/**
 * EventBridge in the local stack's process: the workflow runner delivers its PutEvents Tasks here and the
 * API-side publisher too. It keeps the last events for `GET /dev/events` and calls its subscribers (the
 * local stack prints each event as one line). Like EventBridge, it does not dedupe: a subscriber does,
 * on `detail.eventId`. With a `file` (in the data folder), the events are kept there, one JSON line each,
 * and a restart finds them.
 */
export const createLocalEventBus = (
  options: { name?: string; maxRetained?: number; now?: () => Date; file?: string } = {},
): LocalEventBus => {
  const name = options.name ?? LOCAL_EVENT_BUS_NAME;
  const maxRetained = options.maxRetained ?? 1000;
  const now = options.now ?? (() => new Date());
  const { file } = options;
  const published: BusEvent[] = file ? readKeptEvents(file, maxRetained) : [];
  const listeners = new Set<(event: BusEvent) => void>();

  const deliver = (source: string, detailType: string, detail: Record<string, unknown>): BusEvent => {
    const event: BusEvent = {
      version: "0",
      id: randomUUID(),
      "detail-type": detailType,
      source,
      account: localAccountId,
      time: now().toISOString(),
      region: localRegion,
      resources: [],
      detail,
    };
    published.push(event);
    if (published.length > maxRetained) published.splice(0, published.length - maxRetained);
    if (file) appendFileSync(file, `${JSON.stringify(event)}\n`);
    for (const listener of listeners) listener(event);
    return event;
  };

  const detailOf = (raw: unknown): Record<string, unknown> => {
    const detail = typeof raw === "string" ? (JSON.parse(raw) as unknown) : raw;
    if (typeof detail !== "object" || detail === null || Array.isArray(detail)) {
      throw invalid("Detail must be a JSON object");
    }
    return detail as Record<string, unknown>;
  };

  return {
    name,
    async putEvents(input) {
      const entries = (input as { Entries?: unknown } | null)?.Entries;
      if (!Array.isArray(entries) || entries.length === 0 || entries.length > 10) {
        throw invalid("Entries must hold 1 to 10 events");
      }
      // Checked whole before any is delivered, so a bad entry publishes nothing.
      const checked = (entries as PutEventsEntry[]).map((entry) => {
        if (entry.EventBusName !== name) throw invalid(`EventBusName must be ${name}`);
        if (typeof entry.Source !== "string" || typeof entry.DetailType !== "string") {
          throw invalid("Source and DetailType are required");
        }
        return { source: entry.Source, detailType: entry.DetailType, detail: detailOf(entry.Detail) };
      });
      const delivered = checked.map((e) => deliver(e.source, e.detailType, e.detail));
      return { Entries: delivered.map((event) => ({ EventId: event.id })), FailedEntryCount: 0 };
    },
    async publish(events: readonly DomainEvent[]) {
      for (const event of events) deliver(event.source, event.detailType, { ...event.detail });
    },
    events: () => [...published],
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
};

/**
 * The events an earlier start kept, the last `maxRetained` (the file is rewritten to those); a line a stop
 * cut short is skipped.
 */
const readKeptEvents = (file: string, maxRetained: number): BusEvent[] => {
  if (!existsSync(file)) return [];
  const events = readFileSync(file, "utf8")
    .split("\n")
    .flatMap((line) => {
      if (line.trim() === "") return [];
      try {
        return [JSON.parse(line) as BusEvent];
      } catch {
        return [];
      }
    })
    .slice(-maxRetained);
  writeFileSync(file, events.map((event) => `${JSON.stringify(event)}\n`).join(""));
  return events;
};

/** One console line per event: its type, its stable id and tenant, then the detail as JSON. */
export const formatBusEvent = (event: BusEvent): string =>
  `event ${event.source} ${event["detail-type"]} ${String(event.detail.eventId ?? "")} ${JSON.stringify(event.detail)}`;
