import { createLogger } from "../logger";
import type { EventPublisher } from "./event-publisher-port";

let localEventPublisher: EventPublisher | undefined;

/**
 * The local stack calls handlers inside its own process: it installs its in-process bus here at start
 * (and `undefined` at shutdown), so API-side events reach the same bus the workflow runner delivers to.
 * Nothing else should call this; tests hand publishers to use cases as parameters.
 */
export const installLocalEventPublisher = (publisher: EventPublisher | undefined): void => {
  localEventPublisher = publisher;
};

const logger = createLogger("events");

/**
 * Deployed, API-side events need an EventBridge client (`@aws-sdk/client-eventbridge`), which the project
 * does not depend on yet: until it does, the event is logged (its type and id, no body) and dropped.
 */
const unconfiguredPublisher: EventPublisher = {
  async publish(events) {
    for (const event of events) {
      logger.warn("Domain event not published: no EventBridge client in this build", {
        detailType: event.detailType,
        eventId: event.detail.eventId,
      });
    }
  },
};

/** The EventPublisher a handler hands to its use cases: the local bus in the local stack. */
export const processEventPublisher = (): EventPublisher => localEventPublisher ?? unconfiguredPublisher;
