import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { DockerImage, type ILocalBundling } from "aws-cdk-lib";
import { Code } from "aws-cdk-lib/aws-lambda";
import type { FunctionDefinition } from "../definition-types";
import { repositoryRoot } from "../repository-root";

const cli = join(repositoryRoot, "lib", "bundling", "bundle-lambda-cli.ts");

/** Runs lib/bundling/lambda-bundle.ts, the bundler the benchmark and the budget test use too. */
class SharedLambdaBundler implements ILocalBundling {
  constructor(private readonly definition: Pick<FunctionDefinition, "entry" | "needs">) {}

  tryBundle(outputDir: string): boolean {
    const result = spawnSync(
      process.execPath,
      ["--import", "tsx", cli, JSON.stringify(this.definition), outputDir],
      { cwd: repositoryRoot, stdio: ["ignore", "inherit", "inherit"] },
    );
    if (result.status !== 0) {
      throw new Error(`Bundling ${this.definition.entry} failed (exit ${result.status ?? result.signal})`);
    }
    return true;
  }
}

/**
 * A function's deployment package: its bundle from the shared bundler (lib/bundling/lambda-bundle.ts),
 * run locally; synth needs neither Docker nor network. The handler is `index.<export>`.
 */
export const lambdaCode = (definition: Pick<FunctionDefinition, "entry" | "needs">): Code =>
  Code.fromAsset(repositoryRoot, {
    bundling: {
      local: new SharedLambdaBundler(definition),
      // Never used: local bundling always runs (CDK requires an image to be named).
      image: DockerImage.fromRegistry("public.ecr.aws/sam/build-nodejs24.x"),
      // Part of CDK's bundle cache key, so two functions from one source root never share a bundle.
      environment: { LARDER_ENTRY: definition.entry, LARDER_NEEDS: definition.needs.join(",") },
    },
  });
