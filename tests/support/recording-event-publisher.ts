import type { DomainEvent, EventPublisher } from "../../functions/core/events/event-publisher-port";

/** An EventPublisher that keeps what it was given (unit tests). */
export const createRecordingEventPublisher = (): EventPublisher & { published: DomainEvent[] } => {
  const published: DomainEvent[] = [];
  return {
    published,
    async publish(events) {
      published.push(...events);
    },
  };
};
