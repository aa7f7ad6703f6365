import { CustomResource, Duration, RemovalPolicy, Validations } from "aws-cdk-lib";
import { FlowLogDestination, FlowLogTrafficType, SubnetType, Vpc } from "aws-cdk-lib/aws-ec2";
import { PolicyStatement } from "aws-cdk-lib/aws-iam";
import { LogGroup, type RetentionDays } from "aws-cdk-lib/aws-logs";
import {
  AuroraPostgresEngineVersion,
  ClusterInstance,
  Credentials,
  DatabaseCluster,
  DatabaseClusterEngine,
} from "aws-cdk-lib/aws-rds";
import { Construct } from "constructs";
import { readMigrationFiles } from "../../functions/core/sql/migration-files";
import { PLANNER_SETTINGS } from "../../functions/core/sql/planner-settings";
import { acknowledgeWildcardResource } from "../nag-findings";
import { LarderFunction } from "./larder-function";

export interface LarderDatabaseProps {
  stage: string;
  sandbox: boolean;
  logRetention: RetentionDays;
  logLevel: string;
  /** Aurora capacity units the cluster may grow to (0.5 ACU steps). */
  maxCapacityAcu?: number;
}

/** The database the search engine's migrations create, and the name the Lambdas receive. */
export const DATABASE_NAME = "larder";

/**
 * PostgreSQL for search: Aurora Serverless v2 (PostgreSQL 18.6 with pgvector, the version the local PGlite runs) that pauses at 0 ACU when
 * idle, so an idle sandbox pays storage and the secret only. It sits in isolated subnets of its own VPC
 * with no NAT and no route out; Lambdas reach it through the RDS Data API over HTTPS with their role,
 * so none of them joins the VPC. Migrations run at deploy through the same Data API.
 */
export class LarderDatabase extends Construct {
  readonly cluster: DatabaseCluster;

  constructor(scope: Construct, id: string, props: LarderDatabaseProps) {
    super(scope, id);
    const vpc = new Vpc(this, "Vpc", {
      maxAzs: 2,
      natGateways: 0,
      subnetConfiguration: [{ name: "database", subnetType: SubnetType.PRIVATE_ISOLATED, cidrMask: 24 }],
    });
    const removalPolicy = props.sandbox ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN;
    // Refused connections only: nothing but the cluster lives here, so any is worth a look.
    vpc.addFlowLog("FlowLog", {
      destination: FlowLogDestination.toCloudWatchLogs(
        new LogGroup(this, "FlowLogs", { retention: props.logRetention, removalPolicy }),
      ),
      trafficType: FlowLogTrafficType.REJECT,
    });
    // Named by the cluster identifier, so the log group RDS writes to is this one, with its retention
    // (cloudwatchLogsRetention would add a log-retention Lambda with an AWS managed policy).
    const clusterIdentifier = `larder-${props.stage}-search`;
    const postgresLogs = new LogGroup(this, "PostgresLogs", {
      logGroupName: `/aws/rds/cluster/${clusterIdentifier}/postgresql`,
      retention: props.logRetention,
      removalPolicy,
    });

    this.cluster = new DatabaseCluster(this, "Cluster", {
      engine: DatabaseClusterEngine.auroraPostgres({ version: AuroraPostgresEngineVersion.VER_18_6 }),
      writer: ClusterInstance.serverlessV2("Writer"),
      serverlessV2MinCapacity: 0,
      serverlessV2MaxCapacity: props.maxCapacityAcu ?? 4,
      serverlessV2AutoPauseDuration: Duration.minutes(5),
      credentials: Credentials.fromGeneratedSecret("larder_admin"),
      defaultDatabaseName: DATABASE_NAME,
      parameters: { ...PLANNER_SETTINGS },
      enableDataApi: true,
      storageEncrypted: true,
      iamAuthentication: true,
      vpc,
      vpcSubnets: { subnetType: SubnetType.PRIVATE_ISOLATED },
      clusterIdentifier,
      cloudwatchLogsExports: ["postgresql"],
      backup: { retention: Duration.days(props.sandbox ? 1 : 7) },
      deletionProtection: !props.sandbox,
      removalPolicy: props.sandbox ? RemovalPolicy.DESTROY : RemovalPolicy.SNAPSHOT,
    });

    this.cluster.node.addDependency(postgresLogs);

    const nag = Validations.of(this.cluster);
    nag.acknowledge({
      id: "AwsSolutions-SMG4",
      reason:
        "Rotation needs a rotation Lambda inside the VPC with a route to Secrets Manager (endpoint or NAT), which this VPC has on purpose not; the secret is read only by the Data API on behalf of granted roles",
    });
    nag.acknowledge({
      id: "AwsSolutions-RDS11",
      reason:
        "No client reaches the port: the subnets are isolated and every access goes through the Data API",
    });
    if (props.sandbox) {
      nag.acknowledge({
        id: "AwsSolutions-RDS10",
        reason:
          "Sandbox stages are disposable (cdk destroy removes them); other stages keep deletion protection",
      });
    }

    const migrator = new LarderFunction(this, "Migrator", {
      definition: {
        id: "DatabaseMigrator",
        entry: "functions/platform/entries/migrate-database.ts",
        handler: "handler",
        description: "Applies the search database's migrations at deploy (CloudFormation custom resource)",
        needs: ["database"],
        // Aurora at 0 ACU takes seconds to resume before the first statement.
        timeoutSeconds: 300,
      },
      area: "platform",
      stage: props.stage,
      sandbox: props.sandbox,
      logRetention: props.logRetention,
      logLevel: props.logLevel,
    });
    this.grantTo(migrator);
    const migrations = new CustomResource(this, "Migrations", {
      serviceToken: migrator.function.functionArn,
      resourceType: "Custom::LarderDatabaseMigrations",
      properties: { Migrations: readMigrationFiles() },
    });
    migrations.node.addDependency(this.cluster);
  }

  /** Data API access, read access to the credentials, and the variables the SQL port reads. */
  grantTo(fn: LarderFunction): void {
    this.cluster.grantDataApiAccess(fn.function);
    fn.function.addEnvironment("DATABASE_CLUSTER_ARN", this.cluster.clusterArn);
    fn.function.addEnvironment("DATABASE_SECRET_ARN", this.cluster.secret?.secretArn ?? "");
    fn.function.addEnvironment("DATABASE_NAME", DATABASE_NAME);
  }

  /**
   * The cluster's status and capacity without waking it (/health): DescribeDBClusters on this cluster,
   * and CloudWatch's ServerlessDatabaseCapacity (GetMetricData has no resource-level permissions).
   */
  grantStatusTo(fn: LarderFunction): void {
    fn.function.addToRolePolicy(
      new PolicyStatement({ actions: ["rds:DescribeDBClusters"], resources: [this.cluster.clusterArn] }),
    );
    fn.function.addToRolePolicy(
      new PolicyStatement({ actions: ["cloudwatch:GetMetricData"], resources: ["*"] }),
    );
    acknowledgeWildcardResource(
      fn,
      "*",
      "cloudwatch:GetMetricData supports no resource-level permissions; it only reads metrics (the database's capacity for /health)",
    );
  }
}
