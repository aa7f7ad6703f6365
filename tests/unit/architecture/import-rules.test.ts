import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { areas } from "../../../lib/areas";
import { repositoryRoot } from "../../../lib/repository-root";
import {
  type AreaEntries,
  areaFoldersOf,
  areaOf,
  CYCLE_CHECKED_DIRS,
  checkImportRules,
  checkSeamNames,
  EXCEPTIONS,
  findImportCycles,
  formatViolation,
  readSourceFiles,
  type Violation,
} from "../../support/import-rules";

// The import rules of ARCHITECTURE.md: functions/ never imports lib/; an area's domain imports only its
// domain, zod and core's pure modules and port types (no SDK, no I/O, no lib/, other area, adapter, wiring or
// http); http never imports wiring; http and entries never import an adapter; an area reaches another only
// through a port over that area's exported surface; nothing imports a Lambda entry (lib/areas names them as
// strings). The areas are those of lib/areas, so a new area's definition brings it under the rules.

const AREA_FOLDERS = areaFoldersOf(areas);
const violations = checkImportRules(readSourceFiles(repositoryRoot), AREA_FOLDERS);
const where = (v: Violation, folders: readonly string[]): string =>
  areaOf(v.file, folders) ?? (v.file.startsWith("lib/") ? "lib" : "functions");

describe("import rules", () => {
  it("derive the areas from lib/areas", () => {
    expect(AREA_FOLDERS).toEqual(
      expect.arrayContaining(["chat/campaigns", "chat/catalog", "cook", "negotiate", "platform", "shop"]),
    );
  });

  it.each([...AREA_FOLDERS, "core", "lib", "functions"])("hold in %s", (scope) => {
    const found = violations.filter((v) => where(v, AREA_FOLDERS) === scope).map(formatViolation);
    expect(found, found.join("\n")).toEqual([]);
  });

  it("list each remaining exception with its reason", () => {
    for (const exception of EXCEPTIONS) expect(exception.why.length).toBeGreaterThan(20);
  });
});

describe("the import-rule checker", () => {
  const planted = new Map<string, string>([
    [
      "functions/negotiate/domain/ports/negotiation-repository.ts",
      "export interface NegotiationRepository {}\n",
    ],
    [
      "functions/negotiate/domain/rules.ts",
      [
        'import { z } from "zod";',
        'import type { LlmPort } from "../../core/llm/llm-port";',
        'import { foldText } from "../../core/text/fold-text";',
        'import { DynamoDBClient } from "@aws-sdk/client-dynamodb";',
        'import { readFileSync } from "node:fs";',
        'import { createLlm } from "../../core/llm/create-llm";',
        'import { createShopApp } from "../../shop/http/create-shop-app";',
        'export { handler } from "../entries/api";',
        "",
      ].join("\n"),
    ],
    ["functions/negotiate/entries/api.ts", 'import { negotiateArea } from "../../../lib/areas/negotiate";\n'],
    [
      "functions/negotiate/adapters/shop-adapter.ts",
      [
        'import { planFor } from "../../shop/domain/use-cases/plan-for";',
        'import type { Store } from "../../shop/store/store";',
        'import { shopSurface } from "../../shop/shop-surface";',
        "",
      ].join("\n"),
    ],
    ["functions/core/lazy.ts", 'const load = () => import("../cook/wiring/cook-wiring");\n'],
    ["lib/areas/negotiate.ts", 'export const entry = "functions/negotiate/entries/api.ts";\n'],
  ]);
  const found = checkImportRules(planted, ["negotiate", "shop", "cook"]).map(
    (v) => `${v.file} ${v.rule} ${v.specifier}`,
  );

  it("reports each planted violation", () => {
    expect(found).toEqual([
      "functions/negotiate/domain/rules.ts domain-imports @aws-sdk/client-dynamodb",
      "functions/negotiate/domain/rules.ts domain-imports node:fs",
      "functions/negotiate/domain/rules.ts domain-imports ../../core/llm/create-llm",
      "functions/negotiate/domain/rules.ts domain-imports ../../shop/http/create-shop-app",
      "functions/negotiate/domain/rules.ts cross-area ../../shop/http/create-shop-app",
      "functions/negotiate/domain/rules.ts imports-entries ../entries/api",
      "functions/negotiate/domain/rules.ts domain-imports ../entries/api",
      "functions/negotiate/entries/api.ts functions-imports-lib ../../../lib/areas/negotiate",
      "functions/negotiate/adapters/shop-adapter.ts cross-area ../../shop/domain/use-cases/plan-for",
      "functions/negotiate/adapters/shop-adapter.ts cross-area ../../shop/store/store",
      "functions/core/lazy.ts core-imports-area ../cook/wiring/cook-wiring",
    ]);
  });

  it("allows zod, core port types, core text helpers, another area's exported surface from an adapter, and entry paths as strings", () => {
    expect(found.join("\n")).not.toMatch(/ zod$|llm-port|fold-text|shop-surface|lib\/areas\/negotiate.ts/);
  });
});

/**
 * Planted failures in a temporary tree (functions/ and lib/ on disk, read as the real tree is), like
 * tests/fixtures/planted-failures: each must make the rule fail.
 */
describe("the import rules on a planted tree", () => {
  const root = mkdtempSync(join(tmpdir(), "larder-import-rules-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const plant = (files: Record<string, string>): Map<string, string> => {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    return readSourceFiles(root);
  };
  const rulesOf = (files: Map<string, string>, definitions: readonly AreaEntries[]) =>
    checkImportRules(files, areaFoldersOf(definitions)).map((v) => `${v.file} ${v.rule} ${v.specifier}`);

  it("fails on a planted http→wiring import", () => {
    const files = plant({
      "functions/cook/wiring/cook-wiring.ts": "export const buildCookDeps = () => ({});\n",
      "functions/cook/http/planted-app.ts": 'import { buildCookDeps } from "../wiring/cook-wiring";\n',
    });
    expect(rulesOf(files, areas)).toContain(
      "functions/cook/http/planted-app.ts http-imports-wiring ../wiring/cook-wiring",
    );
  });

  it("fails on a planted entry→adapter import (and http→adapter)", () => {
    const files = plant({
      "functions/shop/adapters/dynamo-run-repository.ts": "export const createRunRepository = () => ({});\n",
      "functions/shop/entries/planted-step.ts":
        'import { createRunRepository } from "../adapters/dynamo-run-repository";\n',
      "functions/shop/http/planted-routes.ts":
        'import type { createRunRepository } from "../adapters/dynamo-run-repository";\n',
    });
    expect(rulesOf(files, areas)).toEqual(
      expect.arrayContaining([
        "functions/shop/entries/planted-step.ts imports-adapter ../adapters/dynamo-run-repository",
        "functions/shop/http/planted-routes.ts imports-adapter ../adapters/dynamo-run-repository",
      ]),
    );
  });

  it("fails on a planted new area's violation, the area known only from its definition", async () => {
    const files = plant({
      "lib/areas/pantry.ts": [
        "export const pantryArea = {",
        '  area: "pantry",',
        '  functions: [{ id: "PantryApi", entry: "functions/pantry/entries/api.ts", handler: "handler" }],',
        "};",
        "",
      ].join("\n"),
      "functions/pantry/wiring/pantry-wiring.ts": "export const buildPantryDeps = () => ({});\n",
      "functions/pantry/http/create-pantry-app.ts":
        'import { buildPantryDeps } from "../wiring/pantry-wiring";\n',
      "functions/pantry/domain/shelf.ts": 'import { DynamoDBClient } from "@aws-sdk/client-dynamodb";\n',
    });
    const { pantryArea } = (await import(join(root, "lib/areas/pantry.ts"))) as { pantryArea: AreaEntries };
    const found = rulesOf(files, [...areas, pantryArea]);
    expect(found).toEqual(
      expect.arrayContaining([
        "functions/pantry/http/create-pantry-app.ts http-imports-wiring ../wiring/pantry-wiring",
        "functions/pantry/domain/shelf.ts domain-imports @aws-sdk/client-dynamodb",
      ]),
    );
    // Without its definition the folder is no area, and its files escape every area rule.
    expect(rulesOf(files, areas).filter((line) => line.startsWith("functions/pantry/"))).toEqual([]);
  });
});

// No import cycle anywhere under functions/, lib/, dev/, scripts/ or bench/ (a type-only import counts: two
// modules that import each other cannot be read, moved or tested apart).
describe("import cycles", () => {
  it("there are none", () => {
    const cycles = findImportCycles(readSourceFiles(repositoryRoot, CYCLE_CHECKED_DIRS));
    expect(cycles, cycles.map((cycle) => cycle.join(" <-> ")).join("\n")).toEqual([]);
  });

  it("a planted cycle fails the check, through a type-only import and a three-module loop alike", () => {
    const planted = new Map<string, string>([
      ["functions/shop/domain/a.ts", 'import { b } from "./b";\nexport const a = 1;\n'],
      ["functions/shop/domain/b.ts", 'import type { A } from "./c";\nexport const b = 2;\n'],
      ["functions/shop/domain/c.ts", 'import { a } from "./a";\nexport type A = typeof a;\n'],
      ["functions/shop/domain/self.ts", 'export { x } from "./self";\n'],
      ["dev/leaf.ts", 'import { a } from "../functions/shop/domain/a";\n'],
      ["bench/x.ts", 'import { y } from "./y";\n'],
      ["bench/y.ts", 'const load = () => import("./x");\n'],
    ]);
    expect(findImportCycles(planted)).toEqual([
      ["bench/x.ts", "bench/y.ts"],
      ["functions/shop/domain/a.ts", "functions/shop/domain/b.ts", "functions/shop/domain/c.ts"],
      ["functions/shop/domain/self.ts"],
    ]);
  });

  it("a planted cycle in a tree on disk fails it (dev/ and scripts/ are read too)", () => {
    const root = mkdtempSync(join(tmpdir(), "larder-import-cycles-"));
    try {
      for (const [path, text] of Object.entries({
        "dev/runner.ts": 'import { step } from "../scripts/step";\n',
        "scripts/step.ts": 'import { runner } from "../dev/runner";\n',
      })) {
        mkdirSync(dirname(join(root, path)), { recursive: true });
        writeFileSync(join(root, path), text);
      }
      expect(findImportCycles(readSourceFiles(root, CYCLE_CHECKED_DIRS))).toEqual([
        ["dev/runner.ts", "scripts/step.ts"],
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

// One request seam: every area's *ApiDeps names its per-request callback inRequestScope over core/http's
// ApiRequestScopeInput; the route and the Lambda clock check are written once, in core.
describe("the request seam", () => {
  it("holds in every area", () => {
    const found = checkSeamNames(readSourceFiles(repositoryRoot)).map(
      (v) => `${v.file}:${v.line} ${v.rule}: ${v.message}`,
    );
    expect(found, found.join("\n")).toEqual([]);
  });

  it("fails on planted violations: another callback name, another request type, a route or a clock check outside core", () => {
    const planted = new Map<string, string>([
      [
        "functions/pantry/http/pantry-api-deps.ts",
        [
          "export interface PantryApiDeps {",
          "  logger: Logger;",
          "  withRequest<T>(request: PantryRequest, use: (deps: PantryDeps) => Promise<T>): Promise<T>;",
          "  inRequestScope<T>(",
          "    request: ApiRequestScopeInput,",
          "    use: (deps: PantryDeps) => Promise<T>,",
          "  ): Promise<T>;",
          "}",
          "",
        ].join("\n"),
      ],
      [
        "functions/pantry/http/create-pantry-app.ts",
        'const route = (c: Context<ApiEnv>) => [c.req.method, c.req.routePath].join(" ");\n',
      ],
      [
        "functions/pantry/wiring/step.ts",
        'const d = typeof context?.getRemainingTimeInMillis === "function" ? 1 : undefined;\n',
      ],
      [
        "functions/core/http/request-scope-input.ts",
        'export const routeOf = (c: Context<ApiEnv>) => [c.req.method, c.req.routePath].join(" ");\n',
      ],
    ]);
    expect(checkSeamNames(planted).map((v) => `${v.file}:${v.line} ${v.rule}`)).toEqual([
      "functions/pantry/http/pantry-api-deps.ts:3 seam-callback-name",
      "functions/pantry/http/pantry-api-deps.ts:3 seam-request-type",
      "functions/pantry/http/create-pantry-app.ts:1 seam-route-outside-core",
      "functions/pantry/wiring/step.ts:1 seam-lambda-clock-outside-core",
    ]);
  });
});
