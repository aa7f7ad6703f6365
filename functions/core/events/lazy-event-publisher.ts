import { lazyLoad } from "../lazy";
import type { EventPublisher } from "./event-publisher-port";
import type { EventsConfig } from "./events-config";

const eventsModule = lazyLoad(() => import("./process-event-publisher"));

/**
 * An API's event publisher, its module (and the EventBridge SDK) loaded on the first publish, not at init,
 * and the bus resolved on every call: the local stack installs its bus after the handlers are imported.
 */
export const lazyEventPublisher = (config: EventsConfig | undefined): EventPublisher => ({
  publish: async (list) => (await eventsModule()).processEventPublisher(config).publish(list),
});
