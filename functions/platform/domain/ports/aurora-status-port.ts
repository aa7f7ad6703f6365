/** The cluster as the RDS control plane describes it: asking does not wake a paused instance. */
export interface ClusterDescription {
  /** DescribeDBClusters' `Status`: `available`, `starting`, `stopped`, … */
  status: string;
  /** Serverless v2 minimum capacity; 0 means the cluster pauses when idle. */
  minCapacityAcu: number | undefined;
}

/** Where the database check looks, none of which opens a connection or runs a statement. */
export interface AuroraStatusPort {
  describeCluster(): Promise<ClusterDescription>;
  /** The latest `ServerlessDatabaseCapacity` (ACU) CloudWatch holds for the last minutes; none: undefined. */
  latestCapacityAcu(): Promise<number | undefined>;
}
