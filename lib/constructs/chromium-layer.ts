import { join } from "node:path";
import { RemovalPolicy, type Stack } from "aws-cdk-lib";
import { Architecture, Code, type ILayerVersion, LayerVersion } from "aws-cdk-lib/aws-lambda";
import { repositoryRoot } from "../repository-root";
import { functionRuntime } from "./function-runtime";

/** Where the layer's Chromium archives are inside every function that uses it (layers land in /opt). */
export const chromiumLayerBinDirectory = "/opt/bin";

const layerId = "ChromiumLayer";

/**
 * The compressed Chromium of @sparticuz/chromium (about 66 MB), once per stack as a Lambda layer, instead
 * of a copy inside every store tool's package: one upload, and each function's own package stays small.
 * The package root is the layer's content, so its `bin/*.br` land in /opt/bin.
 */
export const chromiumLayerOf = (scope: Stack): ILayerVersion => {
  const existing = scope.node.tryFindChild(layerId);
  if (existing) return existing as LayerVersion;
  return new LayerVersion(scope, layerId, {
    description: "Chromium for headless store tools (@sparticuz/chromium archives in /opt/bin)",
    code: Code.fromAsset(join(repositoryRoot, "node_modules", "@sparticuz", "chromium"), {
      exclude: ["build", "source", "*.md", "*.ts", "*.map", "node_modules"],
    }),
    compatibleArchitectures: [Architecture.X86_64],
    compatibleRuntimes: [functionRuntime],
    removalPolicy: RemovalPolicy.DESTROY,
  });
};
