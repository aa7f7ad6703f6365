import { Metrics, MetricUnit } from "@aws-lambda-powertools/metrics";
import type { Tracer } from "@aws-lambda-powertools/tracer";
import { createLogger, type Logger } from "./logger";

/**
 * Powertools' three hooks for one Lambda: JSON logs, CloudWatch metrics (EMF) and X-Ray tracing. Outside
 * Lambda the tracer is off by itself; the local stack and tests set POWERTOOLS_METRICS_DISABLED so EMF
 * lines do not flood the console.
 */
export interface Observability {
  logger: Logger;
  metrics: Metrics;
  tracer: RouteTracer;
}

/** What the handlers ask of the tracer. */
export type RouteTracer = Pick<Tracer, "isTracingEnabled" | "putAnnotation">;

export const METRICS_NAMESPACE = "Larder";

const tracingOff: RouteTracer = {
  isTracingEnabled: () => false,
  putAnnotation: () => undefined,
};

/**
 * Whether Powertools' Tracer would trace: in the Lambda runtime (AWS_EXECUTION_ENV), not under SAM local
 * or Amplify's mock, unless POWERTOOLS_TRACE_ENABLED=false. The rule its Tracer applies, decided before
 * its module (and the X-Ray SDK under it, about 125 KB minified) is imported, so a function that does not
 * trace never loads them.
 */
export const tracingWanted = (env: Record<string, string | undefined> = process.env): boolean =>
  Boolean(env.AWS_EXECUTION_ENV) &&
  env.AWS_EXECUTION_ENV !== "AWS_Lambda_amplify-mock" &&
  !env.AWS_SAM_LOCAL &&
  env.POWERTOOLS_TRACE_ENABLED?.trim().toLowerCase() !== "false";

/** Builds the hooks at cold start; the tracer module is imported only when tracing is on. */
export const createObservability = async (serviceName: string): Promise<Observability> => {
  let tracer = tracingOff;
  if (tracingWanted()) {
    const { Tracer } = await import("@aws-lambda-powertools/tracer");
    tracer = new Tracer({ serviceName });
  }
  return {
    logger: createLogger(serviceName),
    metrics: new Metrics({ namespace: METRICS_NAMESPACE, serviceName }),
    tracer,
  };
};

export { MetricUnit };
