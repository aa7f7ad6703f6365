import { CloudWatchClient, GetMetricDataCommand } from "@aws-sdk/client-cloudwatch";
import { DescribeDBClustersCommand, RDSClient } from "@aws-sdk/client-rds";
import { RDSDataClient } from "@aws-sdk/client-rds-data";
import { mockClient } from "aws-sdk-client-mock";
import { afterEach, describe, expect, it } from "vitest";
import { createLogger } from "../../../functions/core/logger";
import { createDataApiSql } from "../../../functions/core/sql/data-api-adapter";
import type { DatabaseObservation } from "../../../functions/core/sql/sql-port";
import { createAuroraStatus } from "../../../functions/platform/adapters/aurora-status";
import {
  CHANGING_RETRY_AFTER_SECONDS,
  checkAuroraHealth,
  RESUME_RETRY_AFTER_SECONDS,
} from "../../../functions/platform/domain/use-cases/check-aurora-health";
import {
  createPlatformApp,
  HealthResponseSchema,
} from "../../../functions/platform/http/create-platform-app";

const rds = mockClient(RDSClient);
const cloudWatch = mockClient(CloudWatchClient);
const rdsData = mockClient(RDSDataClient);
afterEach(() => {
  rds.reset();
  cloudWatch.reset();
  rdsData.reset();
});

const CLUSTER_ARN = "arn:aws:rds:eu-west-1:123456789012:cluster:larder-sandbox-search";
const NOW = Date.parse("2026-11-24T12:00:00Z");

const cluster = (Status: string, MinCapacity = 0) =>
  rds.on(DescribeDBClustersCommand).resolves({
    DBClusters: [{ Status, ServerlessV2ScalingConfiguration: { MinCapacity, MaxCapacity: 4 } }],
  });
const capacity = (values: number[]) =>
  cloudWatch
    .on(GetMetricDataCommand)
    .resolves({ MetricDataResults: [{ Id: "capacity", Values: values, Timestamps: [] }] });

const check = (lastKnown?: DatabaseObservation) =>
  checkAuroraHealth({
    aurora: createAuroraStatus({
      clusterArn: CLUSTER_ARN,
      rds: new RDSClient({ region: "eu-west-1" }),
      cloudWatch: new CloudWatchClient({ region: "eu-west-1" }),
      now: () => NOW,
    }),
    lastKnown: () => lastKnown,
    now: () => NOW,
  });

describe("the database's health on Aurora, without waking it", () => {
  it("reports a paused cluster (0 ACU in CloudWatch) as starting, with a retry hint", async () => {
    cluster("available");
    capacity([0, 0.5]);
    expect(await check()).toEqual({
      status: "starting",
      detail: expect.stringContaining("paused"),
      retry_after_seconds: RESUME_RETRY_AFTER_SECONDS,
    });
    expect(rds.commandCalls(DescribeDBClustersCommand)[0]?.args[0].input).toEqual({
      DBClusterIdentifier: CLUSTER_ARN,
    });
    const query = cloudWatch.commandCalls(GetMetricDataCommand)[0]?.args[0].input;
    expect(query?.MetricDataQueries?.[0]?.MetricStat?.Metric).toEqual({
      Namespace: "AWS/RDS",
      MetricName: "ServerlessDatabaseCapacity",
      Dimensions: [{ Name: "DBClusterIdentifier", Value: "larder-sandbox-search" }],
    });
    expect(query?.ScanBy).toBe("TimestampDescending");
    expect(query?.EndTime?.getTime()).toBe(NOW);
  });

  it("reports an available cluster with capacity as ok", async () => {
    cluster("available");
    capacity([0.5, 0]);
    expect(await check()).toEqual({ status: "ok" });
  });

  it("reports ok when CloudWatch has no recent capacity (nothing says it is paused)", async () => {
    cluster("available");
    capacity([]);
    expect(await check()).toEqual({ status: "ok" });
  });

  it("does not read CloudWatch for a cluster that never pauses (minimum capacity above 0)", async () => {
    cluster("available", 0.5);
    expect(await check()).toEqual({ status: "ok" });
    expect(cloudWatch.commandCalls(GetMetricDataCommand)).toHaveLength(0);
  });

  it("reports a starting or rebooting cluster as starting, and a stopped one as down", async () => {
    cluster("rebooting");
    expect(await check()).toEqual({
      status: "starting",
      detail: "The database cluster is rebooting",
      retry_after_seconds: CHANGING_RETRY_AFTER_SECONDS,
    });
    rds.reset();
    cluster("stopped");
    expect(await check()).toEqual({ status: "down", detail: "The database cluster is stopped" });
  });

  it("trusts this container's fresh observation first: resuming, or a statement just answered", async () => {
    expect(await check({ state: "resuming", at: NOW - 5_000 })).toEqual({
      status: "starting",
      detail: "The database is resuming from pause",
      retry_after_seconds: RESUME_RETRY_AFTER_SECONDS,
    });
    expect(await check({ state: "awake", at: NOW - 5_000 })).toEqual({ status: "ok" });
    expect(rds.commandCalls(DescribeDBClustersCommand)).toHaveLength(0);
    // An old observation says nothing about now: ask the control plane.
    cluster("available");
    capacity([0]);
    expect((await check({ state: "awake", at: NOW - 10 * 60_000 })).status).toBe("starting");
  });

  it("sends no statement through the Data API, so it neither resumes nor keeps awake the cluster", async () => {
    const sql = createDataApiSql({
      client: new RDSDataClient({ region: "eu-west-1" }),
      resourceArn: CLUSTER_ARN,
      secretArn: "arn:aws:secretsmanager:eu-west-1:123456789012:secret:db",
      database: "larder",
    });
    cluster("available");
    capacity([0]);
    await checkAuroraHealth({
      aurora: createAuroraStatus({
        clusterArn: CLUSTER_ARN,
        rds: new RDSClient({ region: "eu-west-1" }),
        cloudWatch: new CloudWatchClient({ region: "eu-west-1" }),
      }),
      lastKnown: () => sql.lastKnown?.(),
      now: Date.now,
    });
    expect(rdsData.calls()).toHaveLength(0);
  });

  it("makes GET /health answer 503 with a Retry-After header while the cluster is paused", async () => {
    cluster("available");
    capacity([0]);
    const app = createPlatformApp({
      logger: createLogger("platform-test"),
      healthChecks: { table: async () => undefined, database: () => check() },
      openApiDocument: () => ({}),
    });
    const res = await app.request("/health");
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe(String(RESUME_RETRY_AFTER_SECONDS));
    const body = HealthResponseSchema.parse(await res.json());
    expect(body.status).toBe("starting");
    expect(body.checks.database?.retry_after_seconds).toBe(RESUME_RETRY_AFTER_SECONDS);
    expect(body.checks.table).toEqual({ status: "ok" });
  });
});
