import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Metafile } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allFunctions } from "../../../lib/areas";
import { type BundleSize, bundleSize } from "../../../lib/bundling/bundle-size";
import {
  kindBudgetFor,
  LAMBDA_BUDGET_EXCEPTIONS,
  LAMBDA_BUNDLE_BUDGETS,
  sizeBudgetFor,
} from "../../../lib/bundling/lambda-budgets";
import { bundleLambdas, coldStartOutputs } from "../../../lib/bundling/lambda-bundle";
import type { FunctionDefinition } from "../../../lib/definition-types";
import { SYNTH_TIMEOUT_MS, scaledTimeout } from "../../support/test-timeouts";

// Every function of every area, bundled once by the bundler CDK deploys with (lib/bundling), in parallel.
const root = mkdtempSync(join(tmpdir(), "larder-bundles-"));
const functions = allFunctions();
const bundles = new Map<
  string,
  { definition: FunctionDefinition; size: BundleSize; coldStartInputs: string[]; metafile: Metafile }
>();

beforeAll(async () => {
  for (const { definition, metafile, outdir } of await bundleLambdas(functions, root)) {
    const size = bundleSize(metafile, outdir);
    bundles.set(definition.id, { definition, size, coldStartInputs: size.coldStartInputs, metafile });
  }
}, scaledTimeout(SYNTH_TIMEOUT_MS));

afterAll(() => rmSync(root, { recursive: true, force: true }));

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
const bundleOf = (id: string) => {
  const bundle = bundles.get(id);
  if (!bundle) throw new Error(`${id} was not bundled`);
  return bundle;
};

/** Packages a cold start never needs: each is behind a dynamic import() on the path that uses it. */
const lazyOnlyPackages = [
  "node_modules/@anthropic-ai/sdk/",
  "node_modules/@anthropic-ai/bedrock-sdk/",
  "node_modules/openai/",
  "node_modules/@aws-sdk/client-secrets-manager/",
  "node_modules/@aws-sdk/client-ssm/",
  // API-side events: PutEvents loads with a request's first event.
  "node_modules/@aws-sdk/client-eventbridge/",
  "node_modules/aws-xray-sdk-core/",
  "docs/openapi.json",
  // A Lambda's role credentials are in its environment: the SDK's other providers (and the STS, SSO and
  // sign-in clients they use) load only when the environment has none.
  "node_modules/@aws-sdk/nested-clients/",
  "node_modules/@aws-sdk/credential-provider-ini/",
  "node_modules/@aws-sdk/credential-provider-sso/",
  "node_modules/@aws-sdk/credential-provider-process/",
  "node_modules/@aws-sdk/credential-provider-web-identity/",
  "node_modules/@smithy/credential-provider-imds/",
];

/**
 * Needs whose AWS clients all speak JSON (DynamoDB, Step Functions; Secrets Manager, SSM, Bedrock and
 * EventBridge lazily).
 */
const jsonProtocolNeeds: readonly string[] = ["table", "llm", "workflows", "store", "events"];
const awsQueryAndXmlProtocols = [
  "node_modules/@aws-sdk/core/dist-es/submodules/protocols/query/",
  "node_modules/@aws-sdk/core/dist-es/submodules/protocols/xml/",
];

describe("every Lambda's bundle, as CDK builds it", () => {
  it("covers every function of every area", () => {
    expect(functions.length).toBeGreaterThan(0);
    expect([...bundles.keys()].sort()).toEqual(functions.map((f) => f.id).sort());
  });

  it.each(functions.map((f) => [f.id, f] as const))(
    "%s loads at most its budget's minified JS at cold start",
    (id, definition) => {
      const { size } = bundleOf(id);
      const budget = sizeBudgetFor(definition);
      expect(
        size.coldStartBytes,
        `${id}: ${kb(size.coldStartBytes)} at cold start, budget ${budget.name} ${kb(budget.coldStartBytes)}`,
      ).toBeLessThanOrEqual(budget.coldStartBytes);
    },
  );

  it.each(functions.map((f) => [f.id] as const))(
    "%s imports no LLM SDK, secret client, X-Ray SDK, OpenAPI document or non-environment credential provider at cold start",
    (id) => {
      const loaded = bundleOf(id).coldStartInputs.filter((input) =>
        lazyOnlyPackages.some((pkg) => input.includes(pkg)),
      );
      expect(loaded).toEqual([]);
    },
  );

  it.each(
    functions
      .filter((f) => f.needs.every((need) => jsonProtocolNeeds.includes(need)))
      .map((f) => [f.id] as const),
  )("%s loads no AWS query or XML protocol at cold start (its clients speak JSON)", (id) => {
    // Each client's protocol comes by name, not through @aws-sdk/core's index (awsProtocolsByName).
    const loaded = bundleOf(id).coldStartInputs.filter((input) =>
      awsQueryAndXmlProtocols.some((dir) => input.includes(dir)),
    );
    expect(loaded).toEqual([]);
  });

  it.each(functions.map((f) => [f.id] as const))(
    "%s loads its cold-start code from at most two files (the entry and one chunk)",
    (id) => {
      // Node pays per module file at import (and, with --enable-source-maps, per source map): the
      // bundler folds esbuild's shared chunks into one (lib/bundling/lambda-bundle.ts).
      const { size } = bundleOf(id);
      expect(size.coldStartFiles.length, size.coldStartFiles.join(", ")).toBeLessThanOrEqual(2);
    },
  );

  it.each([
    ["CookApi", "functions/cook/http/create-cook-app.ts"],
    ["ShopApi", "functions/shop/http/create-shop-app.ts"],
    ["NegotiateApi", "functions/negotiate/http/create-negotiate-app.ts"],
    ["ChatCatalogApi", "functions/chat/catalog/http/create-catalog-app.ts"],
  ] as const)(
    "%s builds its app on the first request: %s is out of the cold start and loads from two files at most",
    (id, appModule) => {
      const { size, coldStartInputs, metafile } = bundleOf(id);
      expect(coldStartInputs).not.toContain(appModule);
      const coldStart = new Set(size.coldStartFiles);
      // What each dynamic import of the cold start loads beyond it; the app's is the least of those holding
      // appModule (a lazy route's chunk may import the app's chunk too).
      const loadedBy = [...coldStart]
        .flatMap((file) => metafile.outputs[file]?.imports ?? [])
        .filter((i) => i.kind === "dynamic-import" && !i.external)
        .map((i) => [...coldStartOutputs(metafile, i.path)].filter((f) => !coldStart.has(f)));
      const loaded = loadedBy
        .filter((files) => files.some((f) => metafile.outputs[f]?.inputs[appModule]))
        .sort((a, b) => a.length - b.length)[0];
      expect(loaded, `${id} imports ${appModule} lazily`).toBeDefined();
      // Node pays per file: the bundler folds what the app's chunk imports into one first-request chunk.
      expect(loaded?.length, loaded?.join(", ")).toBeLessThanOrEqual(2);
    },
  );

  it("puts each LLM provider's SDK in a chunk of its own, apart from the other providers'", () => {
    const withLlm = functions.filter((f) => f.needs.includes("llm"));
    expect(withLlm.length).toBeGreaterThan(0);
    for (const definition of withLlm) {
      const chunks = bundleOf(definition.id).size.lazyChunks;
      const openAi = chunks.filter((c) => c.inputs.some((i) => i.includes("node_modules/openai/")));
      const anthropic = chunks.filter((c) =>
        c.inputs.some((i) => i.includes("node_modules/@anthropic-ai/sdk/")),
      );
      expect(openAi.length, definition.id).toBeGreaterThan(0);
      expect(anthropic.length, definition.id).toBeGreaterThan(0);
      for (const chunk of openAi) {
        expect(
          chunk.inputs.some((i) => i.includes("node_modules/@anthropic-ai/")),
          chunk.file,
        ).toBe(false);
      }
    }
  });

  it("holds every function that drives no browser to 600 KB, but the exceptions listed with a reason", () => {
    expect(LAMBDA_BUNDLE_BUDGETS.standard.coldStartBytes).toBe(600 * 1024);
    const standard = functions.filter((f) => !f.needs.includes("store") && !LAMBDA_BUDGET_EXCEPTIONS[f.id]);
    for (const definition of standard) expect(sizeBudgetFor(definition)).toBe(LAMBDA_BUNDLE_BUDGETS.standard);
    for (const [id, exception] of Object.entries(LAMBDA_BUDGET_EXCEPTIONS)) {
      expect(exception.reason, id).toMatch(/\S{10,}/);
    }
  });

  it("holds an API that drives the store on one route (ShopApi) to the standard budget, not the browser's", () => {
    const shopApi = functions.find((f) => f.id === "ShopApi");
    expect(shopApi?.needs).toContain("store");
    if (shopApi) expect(sizeBudgetFor(shopApi)).toBe(LAMBDA_BUNDLE_BUDGETS.standard);
  });

  it("lists no exception for a function that no longer exists or already fits its kind's budget", () => {
    for (const id of Object.keys(LAMBDA_BUDGET_EXCEPTIONS)) {
      const definition = functions.find((f) => f.id === id);
      expect(definition, `${id} is an exception but no area defines it`).toBeDefined();
      if (!definition) continue;
      const kind = kindBudgetFor(definition);
      expect(bundleOf(id).size.coldStartBytes, `${id} fits ${kind.name}: drop its exception`).toBeGreaterThan(
        kind.coldStartBytes,
      );
    }
  });
});
