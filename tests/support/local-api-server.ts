import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inject, vi } from "vitest";
import { type RunningApiServer, startApiServer } from "../../dev/api-server";
import { loadFunctionHandler } from "../../dev/load-handler";
import type { HttpApiHandler } from "../../functions/core/http/lambda-handler";
import { allFunctions, allRoutes } from "../../lib/areas";
import { documentedPathOf, expectDocumentedResponse } from "./openapi-response-validator";
import { createTestTable } from "./table";

export interface ApiCallOptions {
  /** Sent as `Authorization: Bearer dev:<tenant>`; `null` sends no token. */
  tenant?: string | null;
  /** A JSON value, or a string sent as is. */
  body?: unknown;
}

export interface ApiCallResult {
  status: number;
  text: string;
  json(): unknown;
}

export type ApiCall = (method: string, path: string, options?: ApiCallOptions) => Promise<ApiCallResult>;

/**
 * An HTTP client for the local API with the dev token the local authorizer accepts. Every answer to a
 * documented operation is checked against docs/openapi.json (status listed, body matching its schema).
 */
export const createApiCall =
  (baseUrl: string, defaultTenant = "alice"): ApiCall =>
  async (method, path, options = {}) => {
    const tenant = options.tenant === undefined ? defaultTenant : options.tenant;
    const headers: Record<string, string> = {};
    if (tenant !== null) headers.authorization = `Bearer dev:${tenant}`;
    let body: string | undefined;
    if (options.body !== undefined) {
      body = typeof options.body === "string" ? options.body : JSON.stringify(options.body);
      headers["content-type"] = "application/json";
    }
    const res = await fetch(`${baseUrl}${path}`, { method, headers, body });
    const text = await res.text();
    const documentedPath = documentedPathOf(method, new URL(path, baseUrl).pathname);
    if (documentedPath !== undefined) {
      const contentType = res.headers.get("content-type");
      expectDocumentedResponse({ method, path: documentedPath, status: res.status, contentType, text });
    }
    return { status: res.status, text, json: () => JSON.parse(text) as unknown };
  };

export interface LocalApiServer {
  url: string;
  call: ApiCall;
  stop(): Promise<void>;
}

/**
 * The local API server with the app's real route table and every area's real Lambda entries, over a fresh table in the
 * run's DynamoDB Local and the run's PostgreSQL. The handlers read their configuration from this worker's environment when first invoked, as a Lambda reads it at cold start; `env` adds to it
 * (LLM_PROVIDER, OPENAI_BASE_URL).
 */
export const startLocalApiServer = async (env: Record<string, string> = {}): Promise<LocalApiServer> => {
  const table = await createTestTable();
  const stubbed = {
    TABLE_NAME: table.tableName,
    DYNAMODB_ENDPOINT: table.endpoint,
    DATABASE_URL: inject("databaseUrl"),
    LLM_PROVIDER: "none",
    // The store accounts' local key in a directory of this server's own, never the shared cache.
    STORE_ACCOUNT_KEY_FILE: join(mkdtempSync(join(tmpdir(), "larder-api-")), "store-account.key"),
    ...env,
  };
  for (const [name, value] of Object.entries(stubbed)) vi.stubEnv(name, value);
  let server: RunningApiServer;
  try {
    server = await startApiServer({
      host: "127.0.0.1",
      port: 0,
      routes: allRoutes(),
      functions: allFunctions(),
      loadHandler: (fn) => loadFunctionHandler<HttpApiHandler>(fn),
    });
  } catch (error) {
    await table.drop();
    throw error;
  }
  return {
    url: server.url,
    call: createApiCall(server.url),
    stop: async () => {
      await server.close();
      await table.drop();
      vi.unstubAllEnvs();
    },
  };
};
