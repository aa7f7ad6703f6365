import { EventBus } from "aws-cdk-lib/aws-events";
import { Construct } from "constructs";

export interface LarderEventBusProps {
  stage: string;
}

/** The physical name of the app's bus: subscribers' rules name it (docs/events/README.md). */
export const eventBusName = (stage: string): string => `larder-${stage}`;

/**
 * The app's EventBridge bus, `larder-<stage>`, where its domain events go (source `larder.<area>`,
 * schemas in docs/events/): workflows publish from their ASL with `events:putEvents` Tasks.
 */
export class LarderEventBus extends Construct {
  readonly bus: EventBus;

  constructor(scope: Construct, id: string, props: LarderEventBusProps) {
    super(scope, id);
    this.bus = new EventBus(this, "Bus", { eventBusName: eventBusName(props.stage) });
  }
}
