import type { SqlConfig } from "../../core/sql/sql-config";
import type { SqlPort } from "../../core/sql/sql-port";
import type { HealthProbe } from "../domain/health-check";
import type { AuroraStatusPort } from "../domain/ports/aurora-status-port";
import { checkAuroraHealth } from "../domain/use-cases/check-aurora-health";

/**
 * /health's database check. Over the wire protocol (the local PGlite, any PostgreSQL) it runs
 * `SELECT 1`. On the Data API (Aurora Serverless v2, which pauses at 0 ACU when idle) it asks the RDS
 * control plane and CloudWatch instead, so health checks never wake the cluster or keep it awake; their
 * SDK clients load on the first check.
 */
export const createDatabaseCheck = (config: SqlConfig, sql: SqlPort): HealthProbe => {
  if (config.adapter !== "rds-data-api") return () => sql.probe();
  let aurora: Promise<AuroraStatusPort> | undefined;
  const open = (): Promise<AuroraStatusPort> => {
    aurora ??= (async () => {
      const [{ RDSClient }, { CloudWatchClient }, { createAuroraStatus }] = await Promise.all([
        import("@aws-sdk/client-rds"),
        import("@aws-sdk/client-cloudwatch"),
        import("../adapters/aurora-status"),
      ]);
      return createAuroraStatus({
        clusterArn: config.clusterArn,
        rds: new RDSClient({}),
        cloudWatch: new CloudWatchClient({}),
      });
    })();
    aurora.catch(() => {
      aurora = undefined;
    });
    return aurora;
  };
  return async () =>
    checkAuroraHealth({ aurora: await open(), lastKnown: () => sql.lastKnown?.(), now: Date.now });
};
