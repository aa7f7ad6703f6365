import { bundleLambda } from "./lambda-bundle";

/**
 * `tsx lib/bundling/bundle-lambda-cli.ts '<{"entry","needs"}>' <outputDir>`: how CDK's local bundling
 * (LarderFunction) runs the shared bundler. A separate process because CDK's bundling hook is synchronous
 * and esbuild's plugins need its asynchronous API.
 */
const [definitionJson, outputDir] = process.argv.slice(2);
if (!definitionJson || !outputDir) {
  console.error('usage: bundle-lambda-cli.ts \'<{"entry","needs"}>\' <outputDir>');
  process.exit(2);
}
await bundleLambda(JSON.parse(definitionJson) as { entry: string; needs: never[] }, outputDir);
