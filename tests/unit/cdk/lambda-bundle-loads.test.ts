import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { deployedLambdaEnvironment } from "../../../bench/lib/lambda-environment";
import { allFunctions, allWorkflows } from "../../../lib/areas";
import { bundleLambdas } from "../../../lib/bundling/lambda-bundle";
import { buildHttpApiEvent } from "../../support/http-api-event";
import { SYNTH_TIMEOUT_MS, scaledTimeout } from "../../support/test-timeouts";

// A bundle can fail where the unbundled code runs: module order differs (a zod schema built before
// @hono/zod-openapi extended zod made the bundled NegotiateApi throw at load), and names are minified.
// Each HTTP API is bundled as CDK deploys it and imported in a fresh Node process with its deployed
// environment (made-up ARNs, nothing reachable), and asked for a route no API has: an entry builds its app
// (routes, zod schemas) on its first request, so the request is what runs that code.
const apis = allFunctions().filter((f) => f.id.endsWith("Api"));
const root = mkdtempSync(join(tmpdir(), "larder-bundle-loads-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const workflowNames = allWorkflows().map((w) => w.name);
const unknownRoute = buildHttpApiEvent({
  method: "GET",
  path: "/no-such-route",
  routeKey: "$default",
  claims: { tenant: "bundle-check" },
});
/** Declared in the child's script, before the handler's call. */
const lambdaContextScript =
  'const lambdaContext = { awsRequestId: "bundle-check", functionName: "bundle-check", getRemainingTimeInMillis: () => 29000 };';

describe("every HTTP API's bundle", () => {
  it(
    "loads in a fresh Node process with its deployed environment, builds its app on the first request and answers an unknown route with the JSON 404",
    async () => {
      expect(apis.map((f) => f.id)).toEqual(expect.arrayContaining(["CookApi", "NegotiateApi"]));
      for (const { definition, outdir } of await bundleLambdas(apis, root)) {
        const script =
          lambdaContextScript +
          `const mod = await import(${JSON.stringify(pathToFileURL(join(outdir, "index.mjs")).href)});` +
          `const result = await mod.handler(${JSON.stringify(unknownRoute)}, lambdaContext);` +
          "console.log(JSON.stringify({ handler: typeof mod.handler, status: result.statusCode, code: JSON.parse(result.body).error?.code }));";
        const loaded = await promisify(execFile)(process.execPath, ["--input-type=module", "-e", script], {
          env: deployedLambdaEnvironment(definition, workflowNames),
        }).catch((error: { stderr?: string }) => {
          // Node quotes the failing (minified, very long) source line; the short lines say what failed.
          throw new Error(
            `${definition.id} failed to load: ${(error.stderr ?? "")
              .split("\n")
              .filter((line) => line.length < 300)
              .slice(0, 6)
              .join("\n")}`,
          );
        });
        const stdout = loaded.stdout;
        expect(JSON.parse(stdout.trim().split("\n").at(-1) ?? "{}"), definition.id).toEqual({
          handler: "function",
          status: 404,
          code: "route_not_found",
        });
      }
    },
    scaledTimeout(SYNTH_TIMEOUT_MS),
  );
});
