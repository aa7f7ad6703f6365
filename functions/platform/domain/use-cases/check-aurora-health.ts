import type { DatabaseObservation } from "../../../core/sql/sql-port";
import type { HealthCheck } from "../health-check";
import type { AuroraStatusPort } from "../ports/aurora-status-port";

export interface DatabaseHealthDeps {
  aurora: AuroraStatusPort;
  /** What this container's SQL port last saw (a statement answered, or a resume under way). */
  lastKnown: () => DatabaseObservation | undefined;
  now: () => number;
}

/** Aurora Serverless v2 resumes from 0 ACU in about 15 s. */
export const RESUME_RETRY_AFTER_SECONDS = 15;
/** A cluster starting, rebooting or being changed: minutes, so ask again in half a minute. */
export const CHANGING_RETRY_AFTER_SECONDS = 30;
/** This container's own observation is the freshest there is for this long. */
export const OBSERVATION_FRESH_MS = 60_000;

// The statuses in which the cluster answers statements (RDS "Viewing DB cluster status").
const SERVING = new Set([
  "available",
  "backing-up",
  "modifying",
  "storage-optimization",
  "update-iam-db-auth",
]);
// On the way to serving: ask again later.
const ON_THE_WAY = new Set([
  "creating",
  "starting",
  "rebooting",
  "failing-over",
  "upgrading",
  "maintenance",
  "migrating",
  "promoting",
  "renaming",
  "resetting-master-credentials",
]);

/**
 * The database's health without waking it: a `SELECT 1` would resume a paused cluster and, polled, keep
 * it from ever pausing (an idle sandbox would pay for capacity all day). So: this container's last
 * observation when fresh, else the control plane's status and CloudWatch's capacity (0 ACU = paused).
 * Paused and resuming answer `starting` with a retry hint; the next database request resumes it.
 */
export const checkAuroraHealth = async (deps: DatabaseHealthDeps): Promise<HealthCheck> => {
  const observed = deps.lastKnown();
  if (observed && deps.now() - observed.at < OBSERVATION_FRESH_MS) {
    if (observed.state === "resuming") {
      return {
        status: "starting",
        detail: "The database is resuming from pause",
        retry_after_seconds: RESUME_RETRY_AFTER_SECONDS,
      };
    }
    return { status: "ok" };
  }
  const cluster = await deps.aurora.describeCluster();
  if (ON_THE_WAY.has(cluster.status)) {
    return {
      status: "starting",
      detail: `The database cluster is ${cluster.status}`,
      retry_after_seconds: CHANGING_RETRY_AFTER_SECONDS,
    };
  }
  if (!SERVING.has(cluster.status)) {
    return { status: "down", detail: `The database cluster is ${cluster.status}` };
  }
  if (cluster.minCapacityAcu === 0 && (await deps.aurora.latestCapacityAcu()) === 0) {
    return {
      status: "starting",
      detail: "The database is paused while idle (0 ACU); the next database request resumes it",
      retry_after_seconds: RESUME_RETRY_AFTER_SECONDS,
    };
  }
  return { status: "ok" };
};
