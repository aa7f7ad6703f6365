import { type CloudWatchClient, GetMetricDataCommand } from "@aws-sdk/client-cloudwatch";
import { DescribeDBClustersCommand, type RDSClient } from "@aws-sdk/client-rds";
import { DependencyUnavailableError } from "../../core/errors";
import type { AuroraStatusPort, ClusterDescription } from "../domain/ports/aurora-status-port";

export interface AuroraStatusOptions {
  clusterArn: string;
  rds: RDSClient;
  cloudWatch: CloudWatchClient;
  now?: () => number;
}

/** How far back CloudWatch is read: RDS publishes the capacity each minute, a minute or two late. */
const CAPACITY_WINDOW_MS = 5 * 60_000;

/** The cluster identifier is the ARN's last part: arn:aws:rds:region:account:cluster:IDENTIFIER. */
export const clusterIdentifierOf = (clusterArn: string): string => clusterArn.split(":").pop() ?? clusterArn;

/**
 * Loaded on the first GET /health that needs it (database-check.ts), so its SDK clients stay out of
 * PlatformApi's cold start. The control plane's and CloudWatch's view of the cluster (rds:DescribeDBClusters and
 * cloudwatch:GetMetricData): neither reaches the database, so neither wakes it.
 */
export const createAuroraStatus = (options: AuroraStatusOptions): AuroraStatusPort => {
  const now = options.now ?? Date.now;
  const identifier = clusterIdentifierOf(options.clusterArn);
  return {
    async describeCluster(): Promise<ClusterDescription> {
      const output = await options.rds.send(
        new DescribeDBClustersCommand({ DBClusterIdentifier: options.clusterArn }),
      );
      const cluster = output.DBClusters?.[0];
      if (!cluster?.Status) {
        throw new DependencyUnavailableError("The database cluster was not found");
      }
      return {
        status: cluster.Status,
        minCapacityAcu: cluster.ServerlessV2ScalingConfiguration?.MinCapacity,
      };
    },
    async latestCapacityAcu(): Promise<number | undefined> {
      const end = now();
      const output = await options.cloudWatch.send(
        new GetMetricDataCommand({
          StartTime: new Date(end - CAPACITY_WINDOW_MS),
          EndTime: new Date(end),
          ScanBy: "TimestampDescending",
          MetricDataQueries: [
            {
              Id: "capacity",
              MetricStat: {
                Metric: {
                  Namespace: "AWS/RDS",
                  MetricName: "ServerlessDatabaseCapacity",
                  Dimensions: [{ Name: "DBClusterIdentifier", Value: identifier }],
                },
                Period: 60,
                Stat: "Maximum",
              },
            },
          ],
        }),
      );
      return output.MetricDataResults?.find((result) => result.Id === "capacity")?.Values?.[0];
    },
  };
};
