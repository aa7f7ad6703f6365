import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { App, CfnElement, Stack } from "aws-cdk-lib";
import { Template } from "aws-cdk-lib/assertions";
import { AwsSolutionsChecks } from "cdk-nag";
import type { IConstruct } from "constructs";
import type { AreaDefinition } from "../../../lib/definition-types";
import { readSettings } from "../../../lib/larder-settings";
import { LarderStack } from "../../../lib/larder-stack";
import { repositoryRoot } from "../../../lib/repository-root";

// Skip CloudFormation's schema validation in tests (seconds per synth); CI runs one validated synth.
process.env.CDK_VALIDATION = "false";

/** The context the CLI passes (feature flags, defaults), so tests synth what `cdk synth` does. */
const cdkJsonContext = (
  JSON.parse(readFileSync(join(repositoryRoot, "cdk.json"), "utf8")) as { context: Record<string, unknown> }
).context;

export interface SynthOptions {
  areas: readonly AreaDefinition[];
  /** Context on top of cdk.json's, as `-c key=value` would give. */
  context?: Record<string, unknown>;
  /** Run esbuild for every function (default). Off: assets are placeholders, synth is faster. */
  bundle?: boolean;
  /** A concrete account and region, as a deploy with credentials has; absent: environment-agnostic. */
  env?: { account: string; region: string };
}

export interface SynthesizedLarder {
  stack: LarderStack;
  template: Template;
  /** The cloud assembly directory; assets live in `asset.<hash>` folders under it. */
  outdir: string;
  dispose: () => void;
}

/**
 * What the tests publish as the console instead of building web/ with Vite (seconds, and another test's
 * business): the `consoleDir` context, which `context` may override.
 */
export const placeholderConsoleDir = join(
  repositoryRoot,
  "tests",
  "unit",
  "cdk",
  "fixtures",
  "console-placeholder",
);

/** Builds the stack the way bin/larder.ts does, into a temporary directory. */
export const synthLarder = (options: SynthOptions): SynthesizedLarder => {
  const outdir = mkdtempSync(join(tmpdir(), "larder-cdk-test-"));
  const app = new App({
    outdir,
    context: {
      ...cdkJsonContext,
      consoleDir: placeholderConsoleDir,
      ...options.context,
      // An empty list of stacks to bundle makes CDK skip every asset bundling (esbuild).
      ...(options.bundle === false ? { "aws:cdk:bundling-stacks": [] } : {}),
    },
  });
  const settings = readSettings((key) => app.node.tryGetContext(key));
  const stack = new LarderStack(app, "LarderTest", { settings, areas: options.areas, env: options.env });
  const template = Template.fromStack(stack);
  return { stack, template, outdir, dispose: () => rmSync(outdir, { recursive: true, force: true }) };
};

/** The CloudFormation logical id of a construct's resource (its default child for L2 constructs). */
export const logicalIdOf = (construct: IConstruct): string => {
  const element = construct instanceof CfnElement ? construct : construct.node.defaultChild;
  if (!(element instanceof CfnElement))
    throw new Error(`${construct.node.path} has no CloudFormation resource`);
  return Stack.of(element).resolve(Stack.of(element).getLogicalId(element)) as string;
};

/** Unacknowledged cdk-nag AwsSolutions findings, as `rule @ construct path` lines. */
export const unacknowledgedNagFindings = (stack: Stack): string[] =>
  new AwsSolutionsChecks()
    .validateScope(stack)
    .violations.flatMap((v) => v.violatingResources.map((r) => `${v.ruleName} @ ${r.constructPath}`));

/** The one resource of a type (its logical id and properties); throws when there are none or several. */
export const onlyResource = <P = Record<string, unknown>>(template: Template, type: string) => {
  const found = Object.entries(template.findResources(type));
  const [first] = found;
  if (found.length !== 1 || !first) throw new Error(`Expected one ${type}, found ${found.length}`);
  return { id: first[0], properties: (first[1] as { Properties: P }).Properties };
};
