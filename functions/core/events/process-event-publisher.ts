import { lazyLoad } from "../lazy";
import { createLogger } from "../logger";
import type { EventPublisher } from "./event-publisher-port";
import type { EventsConfig } from "./events-config";

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

/** No bus configured (outside a Lambda, outside the local stack): the event is logged (type and id) and dropped. */
const unconfiguredPublisher: EventPublisher = {
  async publish(events) {
    for (const event of events) {
      logger.warn("Domain event not published: no EVENT_BUS_NAME and no local bus", {
        detailType: event.detailType,
        eventId: event.detail.eventId,
      });
    }
  },
};

/** One EventBridge publisher per bus and container; the SDK client loads with the first event. */
const deployedPublishers = new Map<string, EventPublisher>();
const deployedPublisher = (busName: string): EventPublisher => {
  const existing = deployedPublishers.get(busName);
  if (existing) return existing;
  const load = lazyLoad(async () => {
    const [{ EventBridgeClient }, { createEventBridgePublisher }] = await Promise.all([
      import("@aws-sdk/client-eventbridge"),
      import("./eventbridge-event-publisher"),
    ]);
    return createEventBridgePublisher({ client: new EventBridgeClient({}), busName, logger });
  });
  const publisher: EventPublisher = { publish: async (events) => (await load()).publish(events) };
  deployedPublishers.set(busName, publisher);
  return publisher;
};

/**
 * The EventPublisher a handler hands to its use cases: the local bus in the local stack, otherwise
 * PutEvents on the configured bus (EVENT_BUS_NAME, parsed once by the area's wiring).
 */
export const processEventPublisher = (config: EventsConfig = {}): EventPublisher =>
  localEventPublisher ?? (config.busName ? deployedPublisher(config.busName) : unconfiguredPublisher);
