import { Match } from "aws-cdk-lib/assertions";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readMigrationFiles } from "../../../functions/core/sql/migration-files";
import type { AreaDefinition } from "../../../lib/definition-types";
import {
  logicalIdOf,
  type SynthesizedLarder,
  synthLarder,
  unacknowledgedNagFindings,
} from "../../support/cdk/synth-larder";
import { type Resources, renderIntrinsics } from "../../support/cdk/template-intrinsics";
import { SYNTH_TIMEOUT_MS, scaledTimeout } from "../../support/test-timeouts";

const searchArea: AreaDefinition = {
  area: "search",
  functions: [
    {
      id: "SearchApi",
      entry: "tests/unit/cdk/fixtures/echo-handler.ts",
      handler: "handler",
      description: "Fixture search API",
      needs: ["database"],
    },
    {
      id: "HealthApi",
      entry: "tests/unit/cdk/fixtures/echo-handler.ts",
      handler: "handler",
      description: "Fixture health endpoint",
      needs: ["database", "database-status"],
    },
    {
      id: "PlainWorker",
      entry: "tests/unit/cdk/fixtures/echo-handler.ts",
      handler: "handler",
      description: "Fixture worker without the database",
      needs: [],
    },
  ],
  routes: [{ route: "GET /search", functionId: "SearchApi" }],
  workflows: [],
  schedules: [],
};

let sandbox: SynthesizedLarder;
let prod: SynthesizedLarder;
let resources: Resources;

beforeAll(() => {
  sandbox = synthLarder({ areas: [searchArea], bundle: false });
  prod = synthLarder({ areas: [searchArea], bundle: false, context: { stage: "prod" } });
  resources = sandbox.template.toJSON().Resources as Resources;
}, scaledTimeout(SYNTH_TIMEOUT_MS));

afterAll(() => {
  sandbox?.dispose();
  prod?.dispose();
});

const environmentOf = (functionId: string) => {
  const id = logicalIdOf(sandbox.stack.functions.get(functionId).function);
  const properties = resources[id]?.Properties as { Environment: { Variables: Record<string, unknown> } };
  return properties.Environment.Variables;
};

/** Every statement of the policies attached to a function's role. */
const statementsOf = (functionId: string) => {
  const role = sandbox.stack.functions.get(functionId).function.role;
  const roleId = role ? logicalIdOf(role) : "";
  return Object.values(resources)
    .filter((r) => r.Type === "AWS::IAM::Policy")
    .map(
      (r) => r.Properties as { Roles: unknown[]; PolicyDocument: { Statement: Record<string, unknown>[] } },
    )
    .filter((p) => p.Roles.some((ref) => (ref as { Ref?: string }).Ref === roleId))
    .flatMap((p) => p.PolicyDocument.Statement);
};

describe("the search database (Aurora PostgreSQL Serverless v2)", () => {
  it("is encrypted, pauses at 0 ACU, has the Data API, and keeps its credentials in Secrets Manager", () => {
    sandbox.template.hasResourceProperties("AWS::RDS::DBCluster", {
      Engine: "aurora-postgresql",
      EngineVersion: Match.stringLikeRegexp("^18\\."),
      StorageEncrypted: true,
      EnableHttpEndpoint: true,
      ServerlessV2ScalingConfiguration: Match.objectLike({ MinCapacity: 0, SecondsUntilAutoPause: 300 }),
      DatabaseName: "larder",
      MasterUserPassword: Match.anyValue(),
    });
    sandbox.template.resourceCountIs("AWS::SecretsManager::Secret", 1);
    sandbox.template.hasResourceProperties("AWS::RDS::DBInstance", { DBInstanceClass: "db.serverless" });
  });

  it("prices random page reads as in memory (random_page_cost 1.1), as the local PGlite does", () => {
    sandbox.template.hasResourceProperties("AWS::RDS::DBClusterParameterGroup", {
      Family: Match.stringLikeRegexp("^aurora-postgresql18"),
      Parameters: { random_page_cost: "1.1" },
    });
    sandbox.template.hasResourceProperties("AWS::RDS::DBCluster", {
      DBClusterParameterGroupName: Match.anyValue(),
    });
  });

  it("sits in isolated subnets with no NAT gateway and no internet gateway", () => {
    sandbox.template.resourceCountIs("AWS::EC2::NatGateway", 0);
    sandbox.template.resourceCountIs("AWS::EC2::InternetGateway", 0);
    const subnets = Object.values(resources).filter((r) => r.Type === "AWS::EC2::Subnet");
    expect(subnets.length).toBeGreaterThan(0);
    for (const subnet of subnets) {
      expect((subnet.Properties as { MapPublicIpOnLaunch?: boolean }).MapPublicIpOnLaunch).not.toBe(true);
    }
  });

  it("gives a function that needs the database the Data API, the secret and the variables; others nothing", () => {
    const env = environmentOf("SearchApi");
    expect(renderIntrinsics(env.DATABASE_CLUSTER_ARN)).toMatch(/SearchCluster/);
    expect(renderIntrinsics(env.DATABASE_SECRET_ARN)).toMatch(/Secret/);
    expect(env.DATABASE_NAME).toBe("larder");
    const plain = environmentOf("PlainWorker");
    expect(plain.DATABASE_CLUSTER_ARN).toBeUndefined();

    const policies = Object.values(resources).filter((r) => r.Type === "AWS::IAM::Policy");
    const actions = policies.flatMap((p) =>
      (
        p.Properties as { PolicyDocument: { Statement: { Action: string | string[] }[] } }
      ).PolicyDocument.Statement.flatMap((s) => [s.Action].flat()),
    );
    expect(actions).toEqual(
      expect.arrayContaining(["rds-data:ExecuteStatement", "secretsmanager:GetSecretValue"]),
    );
  });

  it("lets a function that needs the database's status read it without the database: DescribeDBClusters on the cluster, CloudWatch's metrics", () => {
    // CDK merges statements with the same resources: find each action's statement.
    const statements = statementsOf("HealthApi");
    const granting = (action: string) => statements.find((s) => [s.Action].flat().includes(action));
    expect(granting("rds:DescribeDBClusters")?.Effect).toBe("Allow");
    expect(renderIntrinsics(granting("rds:DescribeDBClusters")?.Resource)).toMatch(
      /^arn:.*:rds:.*:cluster:<SearchCluster/,
    );
    expect(granting("cloudwatch:GetMetricData")).toMatchObject({ Effect: "Allow", Resource: "*" });
    const searchActions = statementsOf("SearchApi").flatMap((s) => [s.Action].flat());
    expect(searchActions).toContain("rds-data:ExecuteStatement");
    expect(searchActions).not.toContain("rds:DescribeDBClusters");
    expect(searchActions).not.toContain("cloudwatch:GetMetricData");
  });

  it("runs the migration files at deploy through a custom resource that waits for the cluster", () => {
    const [id, migrations] =
      Object.entries(resources).find(([, r]) => r.Type === "Custom::LarderDatabaseMigrations") ?? [];
    expect(id).toBeDefined();
    const properties = migrations?.Properties as { Migrations: unknown };
    expect(properties.Migrations).toEqual(readMigrationFiles().map((m) => ({ name: m.name, sql: m.sql })));
    expect([migrations?.DependsOn].flat().join(" ")).toMatch(/SearchCluster/);
  });

  it("is deleted with a sandbox and protected, snapshotted on delete, elsewhere", () => {
    sandbox.template.hasResource("AWS::RDS::DBCluster", {
      DeletionPolicy: "Delete",
      Properties: Match.objectLike({ DeletionProtection: false }),
    });
    prod.template.hasResource("AWS::RDS::DBCluster", {
      DeletionPolicy: "Snapshot",
      Properties: Match.objectLike({ DeletionProtection: true }),
    });
  });

  it("leaves no unacknowledged cdk-nag finding in either stage", () => {
    expect(unacknowledgedNagFindings(sandbox.stack)).toEqual([]);
    expect(unacknowledgedNagFindings(prod.stack)).toEqual([]);
  });
});
