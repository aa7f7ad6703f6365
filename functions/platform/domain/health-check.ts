/**
 * One dependency's state: `starting` until it is ready for requests, `disabled` when switched off,
 * `degraded` when it failed recently and requests are answered without it (the model: offline paths).
 */
export interface HealthCheck {
  status: "ok" | "starting" | "down" | "degraded" | "disabled";
  detail?: string | undefined;
  /** When to ask again: a paused or resuming database (also sent as the `Retry-After` header). */
  retry_after_seconds?: number | undefined;
}

/** The /health answer: `ok` only when every check is ok or disabled. */
export interface HealthResponse {
  status: "ok" | "starting" | "degraded";
  checks: Record<string, HealthCheck>;
}

/** A dependency's check: resolves with nothing when healthy, or with its own state (e.g. `starting` with a retry hint). */
// biome-ignore lint/suspicious/noConfusingVoidType: a plain probe resolves with nothing, which means ok
export type HealthProbe = () => Promise<HealthCheck | void>;

/**
 * The answer for a set of checks: any part down is `degraded`, else any part still starting is `starting`
 * (both 503, so health-waiting tools keep waiting), else `ok` (200). A `degraded` check (the model,
 * skipped after recent failures) leaves the answer `ok`: every request is still answered, offline.
 */
export const summarizeHealth = (
  checks: Record<string, HealthCheck>,
): { httpStatus: 200 | 503; body: HealthResponse } => {
  const states = Object.values(checks).map((check) => check.status);
  if (states.includes("down")) return { httpStatus: 503, body: { status: "degraded", checks } };
  if (states.includes("starting")) return { httpStatus: 503, body: { status: "starting", checks } };
  return { httpStatus: 200, body: { status: "ok", checks } };
};
