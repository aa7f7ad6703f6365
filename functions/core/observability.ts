import { Metrics, MetricUnit } from "@aws-lambda-powertools/metrics";
import { Tracer } from "@aws-lambda-powertools/tracer";
import { createLogger, type Logger } from "./logger";

/**
 * Powertools' three hooks for one Lambda: JSON logs, CloudWatch metrics (EMF) and X-Ray tracing. Outside
 * Lambda the tracer is off by itself; the local stack and tests set POWERTOOLS_METRICS_DISABLED so EMF
 * lines do not flood the console.
 */
export interface Observability {
  logger: Logger;
  metrics: Metrics;
  tracer: Tracer;
}

export const METRICS_NAMESPACE = "Larder";

export const createObservability = (serviceName: string): Observability => ({
  logger: createLogger(serviceName),
  metrics: new Metrics({ namespace: METRICS_NAMESPACE, serviceName }),
  tracer: new Tracer({ serviceName }),
});

export { MetricUnit };
