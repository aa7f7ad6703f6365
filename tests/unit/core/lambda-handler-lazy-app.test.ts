import type { Context } from "aws-lambda";
import { describe, expect, it } from "vitest";
import { createApi } from "../../../functions/core/http/create-api";
import { toLambdaHandler } from "../../../functions/core/http/lambda-handler";
import { createLogger } from "../../../functions/core/logger";
import { buildHttpApiEvent } from "../../support/http-api-event";

const context = { awsRequestId: "req-1", functionName: "TestApi" } as Context;
const okEvent = () => buildHttpApiEvent({ method: "GET", path: "/ok", routeKey: "GET /ok" });
const logger = createLogger("test");

const okApp = () => {
  const app = createApi({ logger, auth: "none" });
  app.get("/ok", (c) => c.json({ ok: true }));
  return app;
};

describe("toLambdaHandler given an app loader", () => {
  it("builds the app on the first request, not when the handler is made, and once for concurrent and later requests", async () => {
    let builds = 0;
    const handler = toLambdaHandler(async () => {
      builds++;
      return okApp();
    }, logger);
    expect(builds).toBe(0);
    const [first, second] = await Promise.all([handler(okEvent(), context), handler(okEvent(), context)]);
    const third = await handler(okEvent(), context);
    expect(builds).toBe(1);
    for (const result of [first, second, third]) {
      expect(result).toMatchObject({ statusCode: 200, body: JSON.stringify({ ok: true }) });
    }
  });

  it("fails the request whose build failed and builds again on the next one", async () => {
    let builds = 0;
    const handler = toLambdaHandler(async () => {
      builds++;
      if (builds === 1) throw new Error("chunk failed to load");
      return okApp();
    }, logger);
    await expect(handler(okEvent(), context)).rejects.toThrow("chunk failed to load");
    await expect(handler(okEvent(), context)).resolves.toMatchObject({ statusCode: 200 });
    await handler(okEvent(), context);
    expect(builds).toBe(2);
  });
});
