import { RemovalPolicy, Validations } from "aws-cdk-lib";
import { Secret } from "aws-cdk-lib/aws-secretsmanager";
import { Construct } from "constructs";
import type { LarderFunction } from "./larder-function";

export interface CursorKeySecretProps {
  stage: string;
  sandbox: boolean;
}

/**
 * The key list cursors are sealed with (functions/core/db/cursor-key.ts): a random string Secrets Manager
 * generates at deploy, so no cursor can be forged or read by anyone who knows the stack. Only the functions
 * whose lists page to clients (the `cursors` need) may read it; each gets its id in CURSOR_KEY_SECRET_ID and
 * reads the value once, on its first list.
 */
export class CursorKeySecret extends Construct {
  readonly secret: Secret;

  constructor(scope: Construct, id: string, props: CursorKeySecretProps) {
    super(scope, id);
    this.secret = new Secret(this, "Secret", {
      description: `The key Larder ${props.stage} seals its list cursors with (generated; never leaves AWS)`,
      generateSecretString: { passwordLength: 64, excludePunctuation: true, includeSpace: false },
      removalPolicy: props.sandbox ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN,
    });
    Validations.of(this.secret).acknowledge({
      id: "AwsSolutions-SMG4",
      reason:
        "Rotating the cursor key only ends every cursor clients hold (their next page is a 400); a new key is a replacement of this secret",
    });
  }

  /** GetSecretValue (and DescribeSecret, as CDK's grantRead gives) on this secret only, and its id. */
  grantTo(fn: LarderFunction): void {
    fn.bindSecret("CURSOR_KEY_SECRET_ID", this.secret);
  }
}
