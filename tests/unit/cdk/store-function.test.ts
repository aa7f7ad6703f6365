import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { logicalIdOf, type SynthesizedLarder, synthLarder } from "../../support/cdk/synth-larder";
import { SYNTH_TIMEOUT_MS, scaledTimeout } from "../../support/test-timeouts";
import { storeFixtureArea } from "./fixtures/fixture-areas";

// Bundled for real: the test checks what lands in the deployment package.
let synth: SynthesizedLarder;
let browser: {
  Architectures: string[];
  Layers: unknown[];
  MemorySize: number;
  Environment: { Variables: Record<string, string> };
};
let assetDirectory: string;

beforeAll(() => {
  synth = synthLarder({ areas: [storeFixtureArea] });
  const resources = synth.template.toJSON().Resources as Record<string, { Properties: unknown }>;
  const properties = resources[logicalIdOf(synth.stack.functions.get("StoreBrowser").function)]?.Properties;
  browser = properties as typeof browser;
  const s3Key = (properties as { Code: { S3Key: string } }).Code.S3Key;
  assetDirectory = join(synth.outdir, `asset.${s3Key.replace(/\.zip$/, "")}`);
}, scaledTimeout(SYNTH_TIMEOUT_MS));

afterAll(() => synth.dispose());

describe("a function with the store need", () => {
  it("runs on x86_64, the only architecture of the Chromium that @sparticuz/chromium ships", () => {
    expect(browser.Architectures).toEqual(["x86_64"]);
  });

  it("gets at least 2 GB of memory when its definition sets none", () => {
    expect(browser.MemorySize).toBe(2048);
  });

  it("gets the Chromium archives from the stack's one Chromium layer and points CHROMIUM_BIN_DIR at them", () => {
    // The other layer is the AWS CLI that the console's BucketDeployment brings (lib/constructs/larder-console.ts).
    const layers = Object.entries(synth.template.findResources("AWS::Lambda::LayerVersion")).filter(
      ([id]) => !id.startsWith("ConsoleDeployAwsCliLayer"),
    );
    expect(layers).toHaveLength(1);
    const [onlyLayer] = layers;
    if (!onlyLayer) throw new Error("no Chromium layer");
    const [layerId, layer] = onlyLayer;
    expect(layer.Properties?.CompatibleArchitectures).toEqual(["x86_64"]);
    expect(browser.Layers).toEqual([{ Ref: layerId }]);
    expect(browser.Environment.Variables.CHROMIUM_BIN_DIR).toBe("/opt/bin");
    const layerKey = (layer.Properties as { Content: { S3Key: string } }).Content.S3Key;
    const layerDirectory = join(synth.outdir, `asset.${layerKey.replace(/\.zip$/, "")}`);
    expect(existsSync(join(layerDirectory, "bin", "chromium.br"))).toBe(true);
    // The function's own package no longer carries a copy.
    expect(existsSync(join(assetDirectory, "chromium-bin"))).toBe(false);
  });

  it("gets STORE_URL, the real store by default, since a deployed tool cannot reach the simulated one", () => {
    expect(browser.Environment.Variables.STORE_URL).toBe("https://www.auchan.pt");
  });

  it("ships playwright-core unbundled beside the bundle, where the ESM import resolves it", () => {
    expect(existsSync(join(assetDirectory, "node_modules", "playwright-core", "package.json"))).toBe(true);
    expect(existsSync(join(assetDirectory, "index.mjs"))).toBe(true);
  });
});
