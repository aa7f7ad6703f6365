import { describe, expect, it } from "vitest";
import { repositoryRoot } from "../../../lib/repository-root";
import {
  AREAS,
  areaOf,
  checkImportRules,
  formatViolation,
  readSourceFiles,
  type Violation,
} from "../../support/import-rules";

// The import rules of ARCHITECTURE.md: functions/ never imports lib/; an area's domain imports only its
// domain, zod and core's pure modules and port types (no SDK, no I/O); an area reaches another only through
// a port and its adapter; nothing imports a Lambda entry (lib/areas names them as strings).

const violations = checkImportRules(readSourceFiles(repositoryRoot));
const where = (v: Violation): string => areaOf(v.file) ?? (v.file.startsWith("lib/") ? "lib" : "functions");

describe("import rules", () => {
  it.each([...AREAS, "core", "lib", "functions"])("hold in %s", (scope) => {
    const found = violations.filter((v) => where(v) === scope).map(formatViolation);
    expect(found, found.join("\n")).toEqual([]);
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
      'import { planFor } from "../../shop/domain/use-cases/plan-for";\nimport type { Store } from "../../shop/store/store";\n',
    ],
    ["functions/core/lazy.ts", 'const load = () => import("../cook/wiring/cook-wiring");\n'],
    ["lib/areas/negotiate.ts", 'export const entry = "functions/negotiate/entries/api.ts";\n'],
  ]);
  const found = checkImportRules(planted).map((v) => `${v.file} ${v.rule} ${v.specifier}`);

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
      "functions/negotiate/adapters/shop-adapter.ts cross-area ../../shop/store/store",
      "functions/core/lazy.ts core-imports-area ../cook/wiring/cook-wiring",
    ]);
  });

  it("allows zod, core port types, core text helpers, an adapter calling another area's use case, and entry paths as strings", () => {
    expect(found.join("\n")).not.toMatch(/ zod$|llm-port|fold-text|plan-for|lib\/areas\/negotiate.ts/);
  });
});
