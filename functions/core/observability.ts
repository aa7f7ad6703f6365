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
 * Whether Powertools would trace: in a Lambda, unless POWERTOOLS_TRACE_ENABLED=false or under SAM local.
 * The same rule Powertools' Tracer applies, decided before its module (and the X-Ray SDK under it,
 * about 130 KB) is imported, so a function that does not trace never loads them.
 */
export const tracingWanted = (env: Record<string, string | undefined> = process.env): boolean =>
  Boolean(env.AWS_LAMBDA_FUNCTION_NAME) &&
  env.POWERTOOLS_TRACE_ENABLED?.trim().toLowerCase() !== "false" &&
  !env.AWS_SAM_LOCAL;

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
