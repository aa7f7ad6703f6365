/**
 * A domain event as the app publishes it on its EventBridge bus (`larder-<stage>`): `source` is
 * `larder.<area>`, `detailType` the event's name, `detail` its body as docs/events/<name>.v<n>.json
 * describes it. Every detail carries a stable `eventId` (derived from the ids of what happened, never
 * random), so a retried publication can be deduped by subscribers, and `schemaVersion`.
 */
export interface DomainEvent {
  source: `larder.${string}`;
  detailType: string;
  detail: { eventId: string; schemaVersion: string; tenant: string } & Record<string, unknown>;
}

/** Port: where API-side outcomes are announced (workflows publish from their ASL instead). */
export interface EventPublisher {
  publish(events: readonly DomainEvent[]): Promise<void>;
}
