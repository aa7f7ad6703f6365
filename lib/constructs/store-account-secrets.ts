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
 * stack's own KMS key. Only the functions whose definition `needs` `store-account` (ShopApi and the
 * coordinator's steps that sign in) may read or write them, and use the key; the secret's name and the
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

  /** Read, write, create and delete the tenants' secrets under the prefix, with the key; their names in the env. */
  grantTo(fn: LarderFunction): void {
    const stack = Stack.of(this);
    const secrets = stack.formatArn({
      service: "secretsmanager",
      resource: "secret",
      resourceName: `${this.secretPrefix}*`,
      arnFormat: ArnFormat.COLON_RESOURCE_NAME,
    });
    fn.function.addToRolePolicy(
      new PolicyStatement({
        actions: [
          "secretsmanager:GetSecretValue",
          "secretsmanager:PutSecretValue",
          "secretsmanager:CreateSecret",
          "secretsmanager:DeleteSecret",
          "secretsmanager:DescribeSecret",
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
        actions: ["kms:Decrypt", "kms:Encrypt", "kms:GenerateDataKey"],
        resources: [this.key.keyArn],
      }),
    );
    fn.function.addEnvironment("STORE_ACCOUNT_SECRET_PREFIX", this.secretPrefix);
    fn.function.addEnvironment("STORE_ACCOUNT_KMS_KEY_ID", this.key.keyArn);
  }
}
