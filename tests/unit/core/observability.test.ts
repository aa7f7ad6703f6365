import { afterEach, describe, expect, it, vi } from "vitest";
import { createObservability, tracingWanted } from "../../../functions/core/observability";

describe("tracingWanted (decides whether the tracer and the X-Ray SDK are imported at all)", () => {
  it("traces in the Lambda runtime unless tracing is off or SAM/Amplify mock it, as Powertools does", () => {
    const lambda = { AWS_EXECUTION_ENV: "AWS_Lambda_nodejs24.x" };
    expect(tracingWanted(lambda)).toBe(true);
    expect(tracingWanted({ ...lambda, POWERTOOLS_TRACE_ENABLED: "true" })).toBe(true);
    expect(tracingWanted({ ...lambda, POWERTOOLS_TRACE_ENABLED: " FALSE " })).toBe(false);
    expect(tracingWanted({ ...lambda, AWS_SAM_LOCAL: "true" })).toBe(false);
    expect(tracingWanted({ AWS_EXECUTION_ENV: "AWS_Lambda_amplify-mock" })).toBe(false);
    // The local stack names its functions but is no Lambda runtime.
    expect(tracingWanted({ AWS_LAMBDA_FUNCTION_NAME: "CookApi" })).toBe(false);
  });
});

describe("createObservability", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("gives a tracer that is off outside Lambda, without importing Powertools' tracer", async () => {
    const { tracer } = await createObservability("test");
    expect(tracer.isTracingEnabled()).toBe(false);
    expect(() => tracer.putAnnotation("route", "GET /x")).not.toThrow();
    expect(tracer.constructor.name).not.toBe("Tracer");
  });

  it("imports and builds Powertools' tracer when tracing is wanted", async () => {
    vi.stubEnv("AWS_EXECUTION_ENV", "AWS_Lambda_nodejs24.x");
    const { tracer } = await createObservability("test");
    expect(tracer.constructor.name).toBe("Tracer");
    expect(tracer.isTracingEnabled()).toBe(true);
  });
});
