import type { OpenAPIHono } from "@hono/zod-openapi";
import type { ApiEnv } from "../functions/core/http/api-env";

/**
 * What the deployed app is made of, as plain data. CDK (lib/*-stack.ts) and the local stack (dev/) both
 * read these definitions, so the local stack serves the same routes, runs the same ASL with the same
 * substitutions and fires the same schedules as AWS.
 */

/**
 * What a Lambda needs wired in: the table (grant + TABLE_NAME), a model (keys + LLM_*), the store, the
 * PostgreSQL search database (Data API grant + secret read + DATABASE_CLUSTER_ARN/SECRET_ARN/NAME), the
 * database's status without waking it (`database-status`: rds:DescribeDBClusters and CloudWatch's
 * capacity metric, for /health), the households' store accounts (`store-account`: their secrets' prefix and
 * KMS key to read and save a session; `store-account-admin`: also create, replace and delete them;
 * lib/constructs/store-account-secrets.ts), the stage's event bus (`events`: EVENT_BUS_NAME and
 * events:PutEvents on that bus only, for a function that publishes domain events), the list cursors' key
 * (`cursors`: read access to the stack's generated cursor-key secret and CURSOR_KEY_SECRET_ID, for a
 * function whose lists page to clients; lib/constructs/cursor-key-secret.ts).
 */
export type FunctionNeed =
  | "table"
  | "llm"
  | "store"
  | "store-account"
  | "store-account-admin"
  | "workflows"
  | "database"
  | "database-status"
  | "events"
  | "cursors";

export interface FunctionDefinition {
  /** Logical id, PascalCase, unique across areas (e.g. `CookApi`, `ShopSubstituteWorker`). */
  id: string;
  /** Source file relative to the repository root. */
  entry: string;
  /** Exported handler name in `entry`. */
  handler: string;
  description: string;
  needs: FunctionNeed[];
  /** Seconds; defaults to 30 in the construct when absent. */
  timeoutSeconds?: number;
  memoryMb?: number;
  /** Extra environment values (never secrets). */
  environment?: Record<string, string>;
  /**
   * For a function that needs `llm`: the provider it prefers over the stack's `LLM_PROVIDER`, used when
   * that provider's key is configured (README, `<FUNCTION_ID>_LLM_PROVIDER`). The function's
   * `<FUNCTION_ID>_LLM_PROVIDER` (in `environment`, or the local environment) overrides both.
   */
  llm?: { preferredProvider: "anthropic" | "openai" | "bedrock" };
}

/** An HTTP API route in API Gateway syntax: `GET /plans/{snapshot_id}`, `ANY /recipes/{proxy+}`. */
export interface RouteDefinition {
  route: string;
  functionId: string;
  /** Routes without the JWT authorizer (health, openapi). */
  public?: boolean;
}

export interface WorkflowDefinition {
  /** Short name, kebab-case: used as the state machine name suffix and by the workflow port. */
  name: string;
  /** ASL file relative to the repository root (JSONPath only). */
  file: string;
  /** `${Key}` in the ASL → function id whose ARN (CDK) or local handler (dev) fills it. */
  functionSubstitutions: Record<string, string>;
  /** Standard workflows only (Express caps at 5 minutes and has no task tokens). */
  timeoutSeconds: number;
}

export interface ScheduleDefinition {
  name: string;
  /** EventBridge expression: `rate(1 day)`, `cron(0 6 ? * MON *)`. */
  expression: string;
  description: string;
  /** What it starts: a workflow by name with a fixed input. */
  target: { workflow: string; input: Record<string, unknown> };
}

export interface AreaDefinition {
  area: string;
  /**
   * The area's HTTP app built with describe-only dependencies (lib/described-app.ts): its routes and
   * zod schemas, nothing that runs. lib/api-document.ts merges every area's into docs/openapi.json, in the
   * order of lib/areas/index.ts. Absent for an area with no HTTP app of its own.
   */
  describeApi?: () => Promise<OpenAPIHono<ApiEnv>>;
  functions: FunctionDefinition[];
  routes: RouteDefinition[];
  workflows: WorkflowDefinition[];
  schedules: ScheduleDefinition[];
}
