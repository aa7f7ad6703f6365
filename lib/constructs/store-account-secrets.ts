import { ArnFormat, RemovalPolicy, Stack } from "aws-cdk-lib";
import { PolicyStatement } from "aws-cdk-lib/aws-iam";
import { Key } from "aws-cdk-lib/aws-kms";
import { Construct } from "constructs";
import { acknowledgeWildcardResource } from "../nag-findings";
import type { LarderFunction } from "./larder-function";

export interface StoreAccountSecretsProps {
  stage: string;
  sandbox: boolean;
}

/**
 * The households' store accounts (issue 34): one Secrets Manager secret per tenant, created by ShopApi
 * when a household connects its account, under one name prefix of this stage, encrypted with this
 * stack's own KMS key. Only the functions whose definition `needs` `store-account` (the coordinator's
 * steps that sign in: read, and save the session) or `store-account-admin` (ShopApi: also create, replace
 * and delete) may touch them, and use the key only through Secrets Manager; the secret's name and the
 * key's id are all their environment holds.
 */
export class StoreAccountSecrets extends Construct {
  readonly key: Key;
  readonly secretPrefix: string;

  constructor(scope: Construct, id: string, props: StoreAccountSecretsProps) {
    super(scope, id);
    this.secretPrefix = `larder/${props.stage}/store-account/`;
    this.key = new Key(this, "Key", {
      description: `Larder ${props.stage}: households' store accounts (Secrets Manager)`,
      enableKeyRotation: true,
      removalPolicy: props.sandbox ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN,
    });
  }

  /**
   * The tenants' secrets under this stage's prefix, least privilege by role. `use` (the coordinator's steps
   * that sign in): read the current version and write a new one (the signed-in session). `manage`
   * (ShopApi, which connects, replaces and forgets an account): also create, describe, delete, and move a
   * replaced version's stage off. A read is of the current version only (`secretsmanager:VersionStage`),
   * so a replaced password left in an older version is never readable by these roles. The KMS key only
   * through Secrets Manager in this region and for a secret of the prefix (its `SecretARN` encryption
   * context): Decrypt to read, GenerateDataKey to write, never Encrypt.
   */
  grantTo(fn: LarderFunction, role: "use" | "manage"): void {
    const stack = Stack.of(this);
    const secrets = stack.formatArn({
      service: "secretsmanager",
      resource: "secret",
      resourceName: `${this.secretPrefix}*`,
      arnFormat: ArnFormat.COLON_RESOURCE_NAME,
    });
    fn.function.addToRolePolicy(
      new PolicyStatement({
        actions: ["secretsmanager:GetSecretValue"],
        resources: [secrets],
        conditions: { StringEquals: { "secretsmanager:VersionStage": "AWSCURRENT" } },
      }),
    );
    fn.function.addToRolePolicy(
      new PolicyStatement({
        actions: [
          "secretsmanager:PutSecretValue",
          ...(role === "manage"
            ? [
                "secretsmanager:CreateSecret",
                "secretsmanager:DescribeSecret",
                "secretsmanager:UpdateSecretVersionStage",
                "secretsmanager:DeleteSecret",
              ]
            : []),
        ],
        resources: [secrets],
      }),
    );
    acknowledgeWildcardResource(
      fn,
      secrets,
      "One secret per tenant, created when the household connects its store account: the grant covers this stage's store-account prefix only",
    );
    // What Secrets Manager asks of the key on the function's behalf: a data key to seal, and to open it.
    fn.function.addToRolePolicy(
      new PolicyStatement({
        actions: ["kms:Decrypt", "kms:GenerateDataKey"],
        resources: [this.key.keyArn],
        conditions: {
          StringEquals: { "kms:ViaService": `secretsmanager.${stack.region}.amazonaws.com` },
          StringLike: { "kms:EncryptionContext:SecretARN": secrets },
        },
      }),
    );
    fn.function.addEnvironment("STORE_ACCOUNT_SECRET_PREFIX", this.secretPrefix);
    fn.function.addEnvironment("STORE_ACCOUNT_KMS_KEY_ID", this.key.keyArn);
  }
}
