import { describe, expect, it } from "vitest";
import { createLogger } from "../../../functions/core/logger";
import { createPlatformApp } from "../../../functions/platform/http/create-platform-app";
import { API_SERVERS } from "../../../lib/api-document";
import { buildHttpApiEvent } from "../../support/http-api-event";

/** GET /openapi.json names as its first server the one that answered: the port actually served. */
const documentAt = async (host: string) => {
  const app = createPlatformApp({
    logger: createLogger("openapi-servers-test"),
    healthChecks: {},
    openApiDocument: () => ({ openapi: "3.1.0", servers: API_SERVERS }),
  });
  const answer = await app.request(
    "/openapi.json",
    { headers: { host } },
    { event: buildHttpApiEvent({ method: "GET", path: "/openapi.json", headers: { host } }) },
  );
  expect(answer.status).toBe(200);
  return (await answer.json()) as { servers: { url: string }[] };
};

describe("GET /openapi.json's servers", () => {
  it("on PORT=3300 names http://127.0.0.1:3300, and no longer the default port", async () => {
    const { servers } = await documentAt("127.0.0.1:3300");
    expect(servers[0]?.url).toBe("http://127.0.0.1:3300");
    expect(servers.map((server) => server.url)).not.toContain("http://127.0.0.1:3000");
  });

  it("deployed, names the API's own https origin first and keeps the templated stage URL", async () => {
    const { servers } = await documentAt("abc123.execute-api.eu-west-1.amazonaws.com");
    expect(servers[0]?.url).toBe("https://abc123.execute-api.eu-west-1.amazonaws.com");
    expect(servers.map((server) => server.url)).toContain(
      "https://{apiId}.execute-api.{region}.amazonaws.com",
    );
  });
});
