import { createLambdaContext } from "../../../dev/lambda-context";
import { campaignChatLlmPreference } from "../../../functions/chat/campaigns/wiring/campaign-chat-config";
import { createCampaignChatApp } from "../../../functions/chat/campaigns/wiring/campaign-chat-wiring";
import { createEmbedding } from "../../../functions/core/embedding/create-embedding";
import { readEmbeddingConfig } from "../../../functions/core/embedding/embedding-config";
import { toLambdaHandler } from "../../../functions/core/http/lambda-handler";
import { createLlm } from "../../../functions/core/llm/create-llm";
import { readFunctionLlmConfig } from "../../../functions/core/llm/llm-config";
import type { Logger } from "../../../functions/core/logger";
import type { SqlPort } from "../../../functions/core/sql/sql-port";
import { buildHttpApiEvent, invokeApiHandler } from "../http-api-event";

const embedding = createEmbedding(readEmbeddingConfig({}), { logger: null });

/**
 * The campaign chat's handler as entries/api.ts wires it (readFunctionLlmConfig with the function's area
 * preference, createLlm, the app, toLambdaHandler), from `env` instead of process.env, on `sql`: each call
 * POSTs `body` to `path` for `tenant` in a Lambda with `lambdaSeconds` left.
 */
export const campaignChatHandlerFor = (options: {
  env: Record<string, string>;
  tenant: string;
  sql: SqlPort;
  logger: Logger;
  now: () => Date;
  lambdaSeconds: number;
}) => {
  const { config } = readFunctionLlmConfig(campaignChatLlmPreference, options.env);
  const app = createCampaignChatApp({
    logger: options.logger,
    sql: options.sql,
    embedding,
    llm: createLlm(config, { logger: null }),
    offline: config.provider === "none",
    now: options.now,
    recentDays: 90,
  });
  const handler = toLambdaHandler(app, options.logger);
  return async (path: string, body: unknown): Promise<{ status: number; json: unknown }> => {
    const event = buildHttpApiEvent({ method: "POST", path, body, claims: { tenant: options.tenant } });
    const { status, json } = await invokeApiHandler(
      handler,
      event,
      createLambdaContext("ChatCampaignsApi", options.lambdaSeconds),
    );
    return { status, json };
  };
};
