import { App, Validations } from "aws-cdk-lib";
import { AwsSolutionsChecks } from "cdk-nag";
import { areas } from "../lib/areas";
import { readSettings } from "../lib/larder-settings";
import { LarderStack } from "../lib/larder-stack";

/**
 * The CDK app: one stack per stage (`-c stage=prod`, default `sandbox`). Synth runs offline: no lookups,
 * and the account/region come from the deploying credentials only when there are some.
 */
const app = new App();
const settings = readSettings((key) => app.node.tryGetContext(key));

// Every finding fails synth unless acknowledged next to the resource, with its reason.
Validations.of(app).addPlugins(new AwsSolutionsChecks(app));

new LarderStack(app, `Larder-${settings.stage}`, {
  settings,
  areas,
  description: `Larder (${settings.stage}): serverless backend of LLM agents`,
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
  tags: { project: "larder", stage: settings.stage },
});
