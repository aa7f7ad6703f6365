import type { FunctionDefinition } from "../../lib/definition-types";

const region = "eu-west-1";
const account = "123456789012";

/**
 * The environment a deployed function gets (LarderFunction and its `bind*` methods), with made-up ARNs,
 * names and credentials: enough for every config schema to parse at cold start, and nothing reachable,
 * so an init that tried network I/O would show up as slow or failing. Tracing is on, as deployed
 * (Tracing.ACTIVE). `overrides` come last (an endpoint of a local stub, say).
 */
export const deployedLambdaEnvironment = (
  definition: Pick<FunctionDefinition, "id" | "needs" | "environment">,
  workflowNames: readonly string[],
  overrides: Record<string, string> = {},
): Record<string, string> => {
  const needs = new Set(definition.needs);
  return {
    PATH: process.env.PATH ?? "",
    AWS_EXECUTION_ENV: "AWS_Lambda_nodejs24.x",
    // Lambda sets each invocation's trace header; an unsampled one, so nothing is sent to X-Ray.
    _X_AMZN_TRACE_ID: "Root=1-5759e988-bd862e3fe1be46a994272793;Parent=53995c3f42cd8ad8;Sampled=0",
    AWS_LAMBDA_FUNCTION_NAME: `larder-bench-${definition.id}`,
    AWS_LAMBDA_FUNCTION_MEMORY_SIZE: "512",
    AWS_REGION: region,
    AWS_DEFAULT_REGION: region,
    // Lambda hands the role's credentials in the environment; nothing is looked up.
    AWS_ACCESS_KEY_ID: "ASIABENCHMARK",
    AWS_SECRET_ACCESS_KEY: "benchmark",
    AWS_SESSION_TOKEN: "benchmark",
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true",
    ...definition.environment,
    STAGE: "bench",
    POWERTOOLS_SERVICE_NAME: `larder-${definition.id}`,
    LOG_LEVEL: "SILENT",
    ...(needs.has("table") ? { TABLE_NAME: "larder-bench" } : {}),
    ...(needs.has("events") ? { EVENT_BUS_NAME: "larder-bench" } : {}),
    ...(needs.has("llm")
      ? {
          LLM_PROVIDER: "anthropic",
          ANTHROPIC_API_KEY_SECRET_ID: `arn:aws:secretsmanager:${region}:${account}:secret:larder-bench-anthropic`,
          OPENAI_API_KEY_SECRET_ID: `arn:aws:secretsmanager:${region}:${account}:secret:larder-bench-openai`,
        }
      : {}),
    ...(needs.has("workflows")
      ? {
          WORKFLOW_ARNS: JSON.stringify(
            Object.fromEntries(
              workflowNames.map((name) => [
                name,
                `arn:aws:states:${region}:${account}:stateMachine:larder-bench-${name}`,
              ]),
            ),
          ),
        }
      : {}),
    ...(needs.has("database")
      ? {
          // As LarderDatabase sets them for a function that needs the database: the Data API adapter, opened on the first query.
          DATABASE_CLUSTER_ARN: `arn:aws:rds:${region}:${account}:cluster:larder-bench`,
          DATABASE_SECRET_ARN: `arn:aws:secretsmanager:${region}:${account}:secret:larder-bench-database`,
          DATABASE_NAME: "larder",
        }
      : {}),
    ...(needs.has("cursors")
      ? { CURSOR_KEY_SECRET_ID: `arn:aws:secretsmanager:${region}:${account}:secret:larder-bench-cursor-key` }
      : {}),
    ...(needs.has("store") ? { STORE_URL: "https://www.auchan.pt", CHROMIUM_BIN_DIR: "/opt/bin" } : {}),
    ...overrides,
  };
};
