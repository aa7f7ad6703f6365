import { CfnOutput, RemovalPolicy, SecretValue, Validations } from "aws-cdk-lib";
import { type ISecret, Secret } from "aws-cdk-lib/aws-secretsmanager";
import { Construct } from "constructs";

export interface LlmSecretsProps {
  stage: string;
  sandbox: boolean;
  /** Existing secrets by name; a provider without one gets a placeholder secret from this stack. */
  anthropicApiKeySecretName?: string;
  openaiApiKeySecretName?: string;
}

/** Placeholder value until an operator puts the real key (see the stack outputs). */
const placeholder = "unset: put the API key here with aws secretsmanager put-secret-value";

/**
 * The model providers' API keys. Functions receive the secret's id and read the value at cold start, so
 * keys never appear in the template or in the Lambda environment.
 */
export class LlmSecrets extends Construct {
  readonly anthropicApiKey: ISecret;
  readonly openaiApiKey: ISecret;

  constructor(scope: Construct, id: string, props: LlmSecretsProps) {
    super(scope, id);
    this.anthropicApiKey = this.secret(
      "AnthropicApiKey",
      "anthropic-api-key",
      props.anthropicApiKeySecretName,
      props,
    );
    this.openaiApiKey = this.secret("OpenAiApiKey", "openai-api-key", props.openaiApiKeySecretName, props);
  }

  private secret(
    id: string,
    name: string,
    existingName: string | undefined,
    props: LlmSecretsProps,
  ): ISecret {
    if (existingName !== undefined) return Secret.fromSecretNameV2(this, id, existingName);
    // A generated name: a deleted secret keeps its name for a 30-day recovery window, which would make
    // a fixed name fail the next deploy of a sandbox. The stack outputs the ARN instead.
    const secret = new Secret(this, id, {
      description: `${name} for Larder ${props.stage}; the stack creates a placeholder, an operator sets it`,
      secretStringValue: SecretValue.unsafePlainText(placeholder),
      removalPolicy: props.sandbox ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN,
    });
    new CfnOutput(this, `${id}SecretArn`, {
      value: secret.secretArn,
      description: `Put the ${name} here: aws secretsmanager put-secret-value --secret-id <this ARN>`,
    });
    Validations.of(secret).acknowledge({
      id: "AwsSolutions-SMG4",
      reason: "A third-party API key is rotated at the provider's console; Secrets Manager cannot rotate it",
    });
    return secret;
  }
}
