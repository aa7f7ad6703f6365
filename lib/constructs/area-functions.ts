import { Stack } from "aws-cdk-lib";
import type { ITable } from "aws-cdk-lib/aws-dynamodb";
import type { IEventBus } from "aws-cdk-lib/aws-events";
import { PolicyStatement } from "aws-cdk-lib/aws-iam";
import type { RetentionDays } from "aws-cdk-lib/aws-logs";
import { Construct } from "constructs";
import { functionLlmProviderVariable } from "../../functions/core/llm/function-llm-provider";
import type { AreaDefinition, FunctionDefinition } from "../definition-types";
import type { LarderSettings } from "../larder-settings";
import { acknowledgeWildcardResource } from "../nag-findings";
import { stateMachineName } from "../resource-names";
import { CursorKeySecret } from "./cursor-key-secret";
import type { LarderDatabase } from "./larder-database";
import { LarderFunction } from "./larder-function";
import { LlmSecrets } from "./llm-secrets";
import { StoreAccountSecrets } from "./store-account-secrets";

export interface AreaFunctionsProps {
  areas: readonly AreaDefinition[];
  settings: LarderSettings;
  sandbox: boolean;
  logRetention: RetentionDays;
  table: ITable;
  database: LarderDatabase;
  /** The stage's bus, for the functions that need `events`. */
  eventBus: IEventBus;
}

/**
 * Every function of every area, each wired to what its definition says it needs. Adding an area's
 * definition is all it takes; nothing here names an area.
 */
export class AreaFunctions extends Construct {
  private readonly functionsById = new Map<string, LarderFunction>();
  private llmSecrets?: LlmSecrets;
  private storeAccounts?: StoreAccountSecrets;
  private cursorKey?: CursorKeySecret;

  constructor(scope: Construct, id: string, props: AreaFunctionsProps) {
    super(scope, id);
    const workflows = props.areas.flatMap((area) =>
      area.workflows.map((w) => ({
        workflowName: w.name,
        stateMachineName: stateMachineName(props.settings.stage, w.name),
      })),
    );

    for (const area of props.areas) {
      for (const definition of area.functions) {
        if (this.functionsById.has(definition.id)) {
          throw new Error(`Function id ${definition.id} is defined twice (ids are unique across areas)`);
        }
        const fn = new LarderFunction(this, definition.id, {
          definition,
          area: area.area,
          stage: props.settings.stage,
          sandbox: props.sandbox,
          logRetention: props.logRetention,
          logLevel: props.settings.logLevel,
        });
        this.functionsById.set(definition.id, fn);
        for (const need of new Set(definition.needs)) {
          switch (need) {
            case "table":
              fn.bindTable(props.table);
              break;
            case "llm":
              this.bindLlm(fn, props);
              break;
            case "workflows":
              fn.bindWorkflows(workflows);
              break;
            case "store":
              // Bundling, memory and the Chromium layer differ too; the construct applies those itself.
              fn.bindStore(props.settings.storeUrl);
              break;
            case "store-account":
            case "store-account-admin":
              // Created on first use: an app without a function that signs in has no key to pay for.
              this.storeAccounts ??= new StoreAccountSecrets(this, "StoreAccounts", {
                stage: props.settings.stage,
                sandbox: props.sandbox,
              });
              this.storeAccounts.grantTo(fn, need === "store-account-admin" ? "manage" : "use");
              break;
            case "cursors":
              // Created on first use: an app whose lists never page to clients has no key to pay for.
              this.cursorKey ??= new CursorKeySecret(this, "CursorKey", {
                stage: props.settings.stage,
                sandbox: props.sandbox,
              });
              this.cursorKey.grantTo(fn);
              break;
            case "database":
              props.database.grantTo(fn);
              break;
            case "database-status":
              props.database.grantStatusTo(fn);
              break;
            case "events":
              fn.bindEventBus(props.eventBus);
              break;
          }
        }
      }
    }
  }

  /** The function with this definition id; throws with the id when no area defines it. */
  get(id: string): LarderFunction {
    const fn = this.functionsById.get(id);
    if (!fn)
      throw new Error(
        `No function definition with id ${id} (known: ${[...this.functionsById.keys()].join(", ")})`,
      );
    return fn;
  }

  all(): LarderFunction[] {
    return [...this.functionsById.values()];
  }

  private bindLlm(fn: LarderFunction, props: AreaFunctionsProps): void {
    const { provider, writeOverride } = deployedLlmProvider(fn.definition, props.settings);
    if (writeOverride) {
      fn.function.addEnvironment(functionLlmProviderVariable(fn.definition.id), writeOverride);
    }
    // Created on first use, so an app without LLM functions has no secrets to pay for.
    this.llmSecrets ??= new LlmSecrets(this, "LlmSecrets", {
      stage: props.settings.stage,
      sandbox: props.sandbox,
      anthropicApiKeySecretName: props.settings.anthropicApiKeySecretName,
      openaiApiKeySecretName: props.settings.openaiApiKeySecretName,
    });
    fn.bindSecret("ANTHROPIC_API_KEY_SECRET_ID", this.llmSecrets.anthropicApiKey);
    fn.bindSecret("OPENAI_API_KEY_SECRET_ID", this.llmSecrets.openaiApiKey);
    fn.function.addEnvironment("LLM_PROVIDER", props.settings.llmProvider);
    if (provider === "bedrock") {
      const stack = Stack.of(this);
      const models = `arn:${stack.partition}:bedrock:*::foundation-model/*`;
      const inferenceProfiles = stack.formatArn({
        service: "bedrock",
        resource: "inference-profile",
        resourceName: "*",
      });
      fn.function.addToRolePolicy(
        new PolicyStatement({
          actions: ["bedrock:InvokeModel", "bedrock:InvokeModelWithResponseStream"],
          resources: [models, inferenceProfiles],
        }),
      );
      const reason =
        "The model is chosen at run time by configuration, and cross-region inference may use any region";
      acknowledgeWildcardResource(fn, models, reason);
      acknowledgeWildcardResource(fn, inferenceProfiles, reason);
    }
  }
}

/**
 * The provider a deployed function runs, and the override variable CDK writes for it. Its definition's
 * `environment` may set the override itself; else its preferred provider (`llm` in its definition) is
 * written as the override when the deploy configures that provider's key as a real secret
 * (`openaiApiKeySecretName` / `anthropicApiKeySecretName`), since at run time a real secret cannot be
 * told from the stack's placeholder; never when the stack is offline (`none`) or already on it.
 */
export const deployedLlmProvider = (
  definition: FunctionDefinition,
  settings: LarderSettings,
): { provider: string; writeOverride?: string } => {
  const variable = functionLlmProviderVariable(definition.id);
  const fromDefinition = definition.environment?.[variable];
  if (fromDefinition !== undefined) return { provider: fromDefinition };
  const preferred = definition.llm?.preferredProvider;
  if (!preferred || settings.llmProvider === "none" || settings.llmProvider === preferred) {
    return { provider: settings.llmProvider };
  }
  const secretName = {
    openai: settings.openaiApiKeySecretName,
    anthropic: settings.anthropicApiKeySecretName,
    bedrock: undefined,
  }[preferred];
  return secretName === undefined
    ? { provider: settings.llmProvider }
    : { provider: preferred, writeOverride: preferred };
};
