import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shopArea } from "../../../lib/areas/shop";
import {
  logicalIdOf,
  type SynthesizedLarder,
  synthLarder,
  unacknowledgedNagFindings,
} from "../../support/cdk/synth-larder";
import type { Resources } from "../../support/cdk/template-intrinsics";
import { SYNTH_TIMEOUT_MS, scaledTimeout } from "../../support/test-timeouts";

/**
 * The shop area as deployed (its real definitions), in a concrete region: every function's statements on
 * the households' store-account secrets and their KMS key, held to least privilege.
 */
const REGION = "eu-west-1";
const ACCOUNT = "123456789012";

let synth: SynthesizedLarder;
let resources: Resources;
beforeAll(() => {
  synth = synthLarder({ areas: [shopArea], bundle: false, env: { account: ACCOUNT, region: REGION } });
  resources = synth.template.toJSON().Resources as Resources;
}, scaledTimeout(SYNTH_TIMEOUT_MS));
afterAll(() => synth.dispose());

interface Statement {
  Action: string | string[];
  Effect: string;
  Resource: unknown;
  Condition?: Record<string, Record<string, unknown>>;
}

const propertiesOf = <P>(logicalId: string): P => {
  const properties = resources[logicalId]?.Properties;
  if (!properties) throw new Error(`no resource ${logicalId}`);
  return properties as P;
};
const functionIdOf = (functionId: string) => logicalIdOf(synth.stack.functions.get(functionId).function);

/** Every IAM statement attached to the function's role. */
const statementsOf = (functionId: string): Statement[] => {
  const role = propertiesOf<{ Role: { "Fn::GetAtt": [string] } }>(functionIdOf(functionId)).Role[
    "Fn::GetAtt"
  ][0];
  return Object.values(resources)
    .filter(
      (resource) =>
        resource.Type === "AWS::IAM::Policy" &&
        JSON.stringify((resource.Properties as { Roles: unknown }).Roles).includes(role),
    )
    .flatMap(
      (policy) =>
        (policy.Properties as { PolicyDocument: { Statement: Statement[] } }).PolicyDocument.Statement,
    );
};
const actionsOf = (statement: Statement) => [statement.Action].flat();
/** The statements naming any action of `service` (`secretsmanager`, `kms`). */
const onService = (functionId: string, service: string) =>
  statementsOf(functionId).filter((statement) =>
    actionsOf(statement).some((action) => action.startsWith(`${service}:`)),
  );
const environmentOf = (functionId: string): Record<string, unknown> =>
  propertiesOf<{ Environment: { Variables: Record<string, unknown> } }>(functionIdOf(functionId)).Environment
    .Variables;

const STEPS = ["ShopBuildCart", "ShopScanCart", "ShopScoutSlots"];
const ADMIN_ACTIONS = [
  "secretsmanager:CreateSecret",
  "secretsmanager:DescribeSecret",
  "secretsmanager:UpdateSecretVersionStage",
  "secretsmanager:DeleteSecret",
];
const PREFIX = new RegExp(
  `^arn:[^:]+:secretsmanager:${REGION}:${ACCOUNT}:secret:larder/[^/]+/store-account/\\*$`,
);

/** The resource as a plain string (CDK writes a concrete ARN as Fn::Join of its parts). */
const flat = (value: unknown): string =>
  typeof value === "string"
    ? value
    : Array.isArray(value)
      ? value.map(flat).join("")
      : value && typeof value === "object" && "Fn::Join" in value
        ? ((value as { "Fn::Join": [string, unknown[]] })["Fn::Join"][1] ?? []).map(flat).join("")
        : value && typeof value === "object" && "Ref" in value
          ? (value as { Ref: string }).Ref === "AWS::Partition"
            ? "aws"
            : `{${(value as { Ref: string }).Ref}}`
          : JSON.stringify(value);

const expectSecretsStatements = (functionId: string, admin: boolean) => {
  const all = onService(functionId, "secretsmanager");
  const statements = all.filter((statement) => /store-account/.test(flat(statement.Resource)));
  // The function's other secrets (a model's API key) are named ones, never a wildcard over everything.
  for (const other of all.filter((statement) => !statements.includes(statement))) {
    expect(flat(other.Resource)).not.toMatch(/^\*$|secret:\*/);
  }
  const actions = statements.flatMap(actionsOf).sort();
  const expected = [
    "secretsmanager:GetSecretValue",
    "secretsmanager:PutSecretValue",
    ...(admin ? ADMIN_ACTIONS : []),
  ];
  expect(actions).toEqual(expected.sort());
  for (const statement of statements) {
    expect(statement.Effect).toBe("Allow");
    expect(flat(statement.Resource)).toMatch(PREFIX);
  }
  const read = statements.find((statement) => actionsOf(statement).includes("secretsmanager:GetSecretValue"));
  expect(read?.Condition).toEqual({ StringEquals: { "secretsmanager:VersionStage": "AWSCURRENT" } });
};

const expectKmsStatement = (functionId: string) => {
  const statements = onService(functionId, "kms");
  expect(statements).toHaveLength(1);
  const [statement] = statements;
  expect(actionsOf(statement as Statement).sort()).toEqual(["kms:Decrypt", "kms:GenerateDataKey"]);
  expect(statement?.Condition?.StringEquals).toEqual({
    "kms:ViaService": `secretsmanager.${REGION}.amazonaws.com`,
  });
  expect(flat(statement?.Condition?.StringLike?.["kms:EncryptionContext:SecretARN"])).toMatch(PREFIX);
  expect(JSON.stringify(statement?.Resource)).toContain("StoreAccountsKey");
};

describe("the households' store accounts, deployed", () => {
  it("are one KMS key, rotated", () => {
    const keys = Object.entries(resources).filter(([, resource]) => resource.Type === "AWS::KMS::Key");
    expect(keys).toHaveLength(1);
    expect(propertiesOf<{ EnableKeyRotation: boolean }>(keys[0]?.[0] ?? "").EnableKeyRotation).toBe(true);
  });

  it("let ShopApi read the current version, write, create, describe, unstage and delete under the prefix only", () => {
    expectSecretsStatements("ShopApi", true);
    expectKmsStatement("ShopApi");
  });

  it.each(STEPS)(
    "let the step %s only read the current version and save the session, under the prefix",
    (step) => {
      expectSecretsStatements(step, false);
      expectKmsStatement(step);
      expect(environmentOf(step).STORE_ACCOUNT_SECRET_PREFIX).toMatch(/^larder\/.+\/store-account\/$/);
      expect(environmentOf(step)).toHaveProperty("STORE_ACCOUNT_KMS_KEY_ID");
    },
  );

  it("give every other shop function nothing of them", () => {
    const granted = new Set(["ShopApi", ...STEPS]);
    const others = shopArea.functions.map((definition) => definition.id).filter((id) => !granted.has(id));
    expect(others.length).toBeGreaterThan(3);
    for (const id of others) {
      expect(
        onService(id, "secretsmanager").filter((statement) => /store-account/.test(flat(statement.Resource))),
      ).toEqual([]);
      expect(onService(id, "kms")).toEqual([]);
      expect(environmentOf(id)).not.toHaveProperty("STORE_ACCOUNT_SECRET_PREFIX");
    }
  });

  it("leave cdk-nag nothing unacknowledged", () => {
    expect(unacknowledgedNagFindings(synth.stack)).toEqual([]);
  });
});
