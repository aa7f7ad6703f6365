import { Stack, type StackProps } from "aws-cdk-lib";
import type { Construct } from "constructs";
import { AreaFunctions } from "./constructs/area-functions";
import { LarderDatabase } from "./constructs/larder-database";
import { LarderEventBus } from "./constructs/larder-event-bus";
import { LarderHttpApi } from "./constructs/larder-http-api";
import { LarderTable } from "./constructs/larder-table";
import { Schedules } from "./constructs/schedules";
import { Workflows } from "./constructs/workflows";
import type { AreaDefinition } from "./definition-types";
import { isSandboxStage, type LarderSettings } from "./larder-settings";

export interface LarderStackProps extends StackProps {
  settings: LarderSettings;
  areas: readonly AreaDefinition[];
}

/**
 * The whole app in one stack: table, functions, HTTP API, workflows and schedules, all generated from
 * the area definitions. One stack because the only stateful resource (the table) is protected in place
 * (retain + deletion protection + PITR outside sandboxes), and a separate data stack would pin the
 * table's name and ARN in cross-stack exports for no gain in safety.
 */
export class LarderStack extends Stack {
  readonly table: LarderTable;
  readonly database: LarderDatabase;
  readonly functions: AreaFunctions;
  readonly api: LarderHttpApi;
  readonly workflows: Workflows;
  readonly events: LarderEventBus;

  constructor(scope: Construct, id: string, props: LarderStackProps) {
    super(scope, id, props);
    const { settings, areas } = props;
    const sandbox = isSandboxStage(settings.stage);
    const logRetention = settings.logRetentionDays;

    this.table = new LarderTable(this, "Data", { sandbox });
    this.database = new LarderDatabase(this, "Search", {
      stage: settings.stage,
      sandbox,
      logRetention,
      logLevel: settings.logLevel,
    });
    this.events = new LarderEventBus(this, "Events", { stage: settings.stage });
    this.functions = new AreaFunctions(this, "Functions", {
      areas,
      settings,
      sandbox,
      logRetention,
      table: this.table.table,
      database: this.database,
      eventBus: this.events.bus,
    });
    this.api = new LarderHttpApi(this, "Http", {
      routes: areas.flatMap((a) => a.routes),
      functions: this.functions,
      settings,
      sandbox,
      logRetention,
    });
    this.workflows = new Workflows(this, "Workflows", {
      eventBus: this.events.bus,
      workflows: areas.flatMap((a) => a.workflows),
      functions: this.functions,
      stage: settings.stage,
      sandbox,
      logRetention,
    });
    new Schedules(this, "Schedules", {
      schedules: areas.flatMap((a) => a.schedules),
      workflows: this.workflows,
      stage: settings.stage,
    });
  }
}
