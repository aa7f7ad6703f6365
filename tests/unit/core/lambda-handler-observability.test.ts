import type { Context } from "aws-lambda";
import { describe, expect, it } from "vitest";
import { NotFoundError } from "../../../functions/core/errors";
import { createApi } from "../../../functions/core/http/create-api";
import { toLambdaHandler } from "../../../functions/core/http/lambda-handler";
import { createLogger } from "../../../functions/core/logger";
import type { Observability } from "../../../functions/core/observability";
import { buildHttpApiEvent } from "../../support/http-api-event";

/** Records what the handler asks of Powertools' Metrics and Tracer. */
const recordingObservability = (tracingEnabled: boolean) => {
  const calls = {
    coldStart: 0,
    metrics: [] as string[],
    published: 0,
    annotations: [] as [string, string][],
  };
  const observability = {
    metrics: {
      captureColdStartMetric: () => {
        calls.coldStart++;
      },
      addMetric: (name: string) => {
        calls.metrics.push(name);
      },
      publishStoredMetrics: () => {
        calls.published++;
      },
    },
    tracer: {
      isTracingEnabled: () => tracingEnabled,
      putAnnotation: (key: string, value: string) => {
        calls.annotations.push([key, value]);
      },
    },
  } as unknown as Pick<Observability, "metrics" | "tracer">;
  return { calls, observability };
};

const context = { awsRequestId: "req-1", functionName: "TestApi" } as Context;

const buildHandler = (tracingEnabled: boolean) => {
  const logger = createLogger("test");
  const app = createApi({ logger, auth: "none" });
  app.get("/ok", (c) => c.json({ ok: true }));
  app.get("/missing", () => {
    throw new NotFoundError("nothing here");
  });
  const recorded = recordingObservability(tracingEnabled);
  return { handler: toLambdaHandler(app, logger, recorded.observability), calls: recorded.calls };
};

describe("toLambdaHandler with observability", () => {
  it("counts each response by status class and publishes the metrics after every invocation", async () => {
    const { handler, calls } = buildHandler(false);
    await handler(buildHttpApiEvent({ method: "GET", path: "/ok", routeKey: "GET /ok" }), context);
    await handler(buildHttpApiEvent({ method: "GET", path: "/missing", routeKey: "GET /missing" }), context);
    expect(calls.metrics).toEqual(["Http2xx", "Http4xx"]);
    expect(calls.published).toBe(2);
    expect(calls.coldStart).toBe(2);
  });

  it("annotates the trace with the route only when tracing is enabled", async () => {
    const traced = buildHandler(true);
    await traced.handler(buildHttpApiEvent({ method: "GET", path: "/ok", routeKey: "GET /ok" }), context);
    expect(traced.calls.annotations).toEqual([["route", "GET /ok"]]);

    const untraced = buildHandler(false);
    await untraced.handler(buildHttpApiEvent({ method: "GET", path: "/ok", routeKey: "GET /ok" }), context);
    expect(untraced.calls.annotations).toEqual([]);
  });
});
