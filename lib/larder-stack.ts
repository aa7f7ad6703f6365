import { Stack, type StackProps } from "aws-cdk-lib";
import type { Construct } from "constructs";
import { AreaFunctions } from "./constructs/area-functions";
import { LarderConsole } from "./constructs/larder-console";
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
  /** The web console on CloudFront; absent with an external JWT issuer (it signs in with the user pool). */
  readonly console?: LarderConsole;

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
    if (!settings.jwt) {
      this.console = new LarderConsole(this, "Console", {
        stage: settings.stage,
        sandbox,
        logRetentionDays: logRetention,
        ...(settings.consoleDir ? { prebuiltDir: settings.consoleDir } : {}),
      });
    }
    this.api = new LarderHttpApi(this, "Http", {
      routes: areas.flatMap((a) => a.routes),
      functions: this.functions,
      settings,
      sandbox,
      logRetention,
      ...(this.console ? { console: { origin: this.console.origin, url: this.console.url } } : {}),
    });
    const identity = this.api.userPool;
    if (this.console && identity?.console) {
      this.console.publish({
        apiUrl: this.api.api.apiEndpoint,
        region: this.region,
        userPoolId: identity.userPool.userPoolId,
        clientId: identity.console.client.userPoolClientId,
        domain: identity.console.domain.baseUrl(),
      });
    }
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
