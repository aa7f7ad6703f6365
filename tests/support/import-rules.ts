import { readdirSync, readFileSync } from "node:fs";
import { join, posix } from "node:path";

/**
 * The import rules of ARCHITECTURE.md, checked over source text (no compiler program: fast, and the same
 * function runs on an in-memory file set in the self-test). Paths are repository-relative, with `/`.
 */

/** The areas: `functions/<area>/…`. */
export const AREAS = ["cook", "shop", "negotiate", "platform", "chat/campaigns", "chat/catalog"] as const;

/** Modules of functions/core that domain code may import (pure: no SDK, no I/O, no node: module). */
const CORE_PURE_FOR_DOMAIN = [
  /^functions\/core\/errors\.ts$/,
  /^functions\/core\/logger-port\.ts$/,
  /^functions\/core\/validation\.ts$/,
  /^functions\/core\/text\//,
  // The model port's failures (LlmUnavailable…) are part of its contract; prompt-data delimits text.
  /^functions\/core\/llm\/llm-errors\.ts$/,
  /^functions\/core\/llm\/prompt-data\.ts$/,
  // The agent loop runs tools over the LlmPort it is given (no SDK, no I/O of its own).
  /^functions\/core\/agent\//,
  /^functions\/core\/llm\/(tool-json-schema|usage-recorder)\.ts$/,
  // zod helpers for SQL-bound input (NUL bytes, dates PostgreSQL refuses) and the tenant id's schema.
  /^functions\/core\/sql\/sql-input\.ts$/,
  /^functions\/core\/db\/keys\.ts$/,
];
/** Core modules domain code may import for their types only: the ports (`*-port.ts`) and `ports/`. */
const CORE_PORT_TYPES = [/^functions\/core\/(.+\/)?[a-z-]+-port\.ts$/, /^functions\/core\/(.+\/)?ports\//];
/** Packages domain code may import: pure computation, no I/O (zod; the ingredient-line parser). */
const DOMAIN_PACKAGES = new Set(["zod", "parse-ingredient"]);
/** node: modules domain code may import: hashing is computation, not I/O (request fingerprints). */
const DOMAIN_NODE_MODULES = new Set(["node:crypto"]);
/** SDKs domain code never imports, not even for a type. */
const SDK_PACKAGES = [/^@aws-sdk\//, /^openai$/, /^@anthropic-ai\//, /^playwright/];

/**
 * How one area may reach another, besides a port in its domain/ports with an adapter in its adapters/:
 * an adapter may call another area's use case (`adapters/** -> <b>/domain/use-cases/**`), and these named
 * public surfaces. Keep it small: each entry is a deliberate exception.
 */
export const PUBLIC_SURFACES: readonly { from: RegExp; to: RegExp; why: string }[] = [
  {
    from: /^functions\/shop\/wiring\/cook-plan-shopping-list\.ts$/,
    to: /^functions\/cook\/(adapters\/dynamo-(plan|recipe)-repository|domain\/ingredient-units|domain\/use-cases\/get-shopping-list)\.ts$/,
    why: "cook exposes no shopping-list port: shop's wiring implements shop's PlanShoppingListPort with cook's getShoppingList on cook's own repositories and reads its container units",
  },
  {
    from: /^functions\/shop\/http\//,
    to: /^functions\/cook\/domain\/ids\.ts$/,
    why: "a run's plan_snapshot_id is validated (and documented) with cook's own snapshot id schema",
  },
];

export interface ImportRef {
  /** The specifier as written. */
  specifier: string;
  /** Repository-relative target for a relative specifier; the package name otherwise. */
  target: string;
  relative: boolean;
  typeOnly: boolean;
  line: number;
}

export interface Violation {
  file: string;
  line: number;
  specifier: string;
  rule: "functions-imports-lib" | "domain-imports" | "cross-area" | "imports-entries" | "core-imports-area";
  message: string;
}

const packageName = (specifier: string): string => {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : (parts[0] ?? specifier);
};

const resolveRelative = (from: string, specifier: string, known: ReadonlySet<string>): string => {
  const base = posix.normalize(posix.join(posix.dirname(from), specifier));
  for (const candidate of [base, `${base}.ts`, `${base}/index.ts`])
    if (known.has(candidate)) return candidate;
  return base.endsWith(".ts") || base.endsWith(".json") ? base : `${base}.ts`;
};

/** Blanks comments (keeping line breaks and offsets), so a commented-out import is not one. */
const withoutComments = (text: string): string =>
  text.replace(/\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm, (comment) => comment.replace(/[^\n]/g, " "));

// The clause of a static import/export: identifiers, braces, commas, `*`, `as`, `type` (never a `;`).
const STATIC = /\b(import|export)\s+(type\s+)?([\w\s{},*$]*?)\s*from\s*["']([^"']+)["']/g;
const SIDE_EFFECT = /\bimport\s*["']([^"']+)["']/g;
const DYNAMIC = /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g;

/** Whether a clause (`{ type A, type B }`, `type X`) imports types only. */
const clauseIsTypeOnly = (clause: string): boolean => {
  const braces = clause.match(/^\{([\s\S]*)\}$/);
  if (!braces) return false;
  const names = (braces[1] ?? "")
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  return names.length > 0 && names.every((name) => name.startsWith("type "));
};

/**
 * Every import, `export … from` and dynamic `import()` of a file, with whether it is for types only.
 * A scanner, not a parser (TypeScript 7 ships no JS compiler API): it reads the forms biome formats.
 */
export const importsOf = (file: string, text: string, known: ReadonlySet<string>): ImportRef[] => {
  const code = withoutComments(text);
  const refs: ImportRef[] = [];
  const add = (index: number, specifier: string, typeOnly: boolean) => {
    const isRelative = specifier.startsWith(".");
    refs.push({
      specifier,
      target: isRelative ? resolveRelative(file, specifier, known) : packageName(specifier),
      relative: isRelative,
      typeOnly,
      line: code.slice(0, index).split("\n").length,
    });
  };
  for (const match of code.matchAll(STATIC)) {
    const clause = (match[3] ?? "").trim();
    add(match.index, match[4] ?? "", match[2] !== undefined || clauseIsTypeOnly(clause));
  }
  for (const match of code.matchAll(SIDE_EFFECT)) add(match.index, match[1] ?? "", false);
  for (const match of code.matchAll(DYNAMIC)) add(match.index, match[1] ?? "", false);
  return refs.sort((a, b) => a.line - b.line);
};

/** The area a file belongs to (`chat/campaigns`), `core`, or undefined (lib/, functions/ root files). */
export const areaOf = (file: string): string | undefined => {
  if (file.startsWith("functions/core/")) return "core";
  return AREAS.find((area) => file.startsWith(`functions/${area}/`));
};

/** The folders of a file inside its area (`shop/coordinator/domain/x.ts` → coordinator, domain). */
const foldersInArea = (file: string): string[] => {
  const area = areaOf(file);
  if (area === undefined) return [];
  return file.slice(`functions/${area}/`.length).split("/").slice(0, -1);
};
const isEntry = (file: string): boolean => areaOf(file) !== "core" && foldersInArea(file).includes("entries");
const isDomain = (file: string): boolean => areaOf(file) !== "core" && foldersInArea(file).includes("domain");
const isAdapter = (file: string): boolean => foldersInArea(file).includes("adapters");
const isUseCase = (file: string): boolean => {
  const folders = foldersInArea(file);
  return folders.includes("domain") && folders.includes("use-cases");
};

const domainImportProblem = (file: string, ref: ImportRef): string | undefined => {
  if (!ref.relative) {
    if (SDK_PACKAGES.some((sdk) => sdk.test(ref.target))) return `domain code imports the SDK ${ref.target}`;
    if (ref.target.startsWith("node:"))
      return ref.typeOnly || DOMAIN_NODE_MODULES.has(ref.target)
        ? undefined
        : `domain code imports ${ref.target} (I/O belongs in adapters)`;
    if (DOMAIN_PACKAGES.has(ref.target) || ref.typeOnly) return undefined;
    return `domain code imports the package ${ref.target} (only ${[...DOMAIN_PACKAGES].join(", ")})`;
  }
  const area = areaOf(file);
  if (area !== "core" && areaOf(ref.target) === area && isDomain(ref.target)) return undefined;
  if (CORE_PURE_FOR_DOMAIN.some((allowed) => allowed.test(ref.target))) return undefined;
  if (ref.typeOnly && CORE_PORT_TYPES.some((allowed) => allowed.test(ref.target))) return undefined;
  return `domain code imports ${ref.target} (domain reaches only its domain, core errors/logger-port/text and core port types)`;
};

/** Checks the files given (path → text); `known` paths resolve extension-less specifiers. */
export const checkImportRules = (files: ReadonlyMap<string, string>): Violation[] => {
  const known = new Set(files.keys());
  const violations: Violation[] = [];
  for (const [file, text] of files) {
    const fromArea = areaOf(file);
    for (const ref of importsOf(file, text, known)) {
      const report = (rule: Violation["rule"], message: string) =>
        violations.push({ file, line: ref.line, specifier: ref.specifier, rule, message });
      if (file.startsWith("functions/") && ref.relative && ref.target.startsWith("lib/")) {
        report("functions-imports-lib", `functions/ imports ${ref.target}: lib/ is CDK and definitions`);
      }
      if (ref.relative && isEntry(ref.target)) {
        report("imports-entries", `imports the Lambda entry ${ref.target}: nothing imports entries/`);
      }
      // Domain code, and the core modules domain code may import (which must be as pure).
      const pureCore = CORE_PURE_FOR_DOMAIN.some((pure) => pure.test(file));
      if (isDomain(file) || pureCore) {
        const problem = domainImportProblem(file, ref);
        if (problem) report("domain-imports", problem);
      }
      const toArea = ref.relative ? areaOf(ref.target) : undefined;
      if (fromArea === "core" && toArea && toArea !== "core") {
        report("core-imports-area", `functions/core imports the ${toArea} area (${ref.target})`);
      }
      if (fromArea && fromArea !== "core" && toArea && toArea !== "core" && toArea !== fromArea) {
        const viaUseCase = isAdapter(file) && isUseCase(ref.target);
        const surface = PUBLIC_SURFACES.some((s) => s.from.test(file) && s.to.test(ref.target));
        if (!viaUseCase && !surface) {
          report(
            "cross-area",
            `${fromArea} reaches into ${toArea} (${ref.target}) other than through a port and its adapter`,
          );
        }
      }
    }
  }
  return violations;
};

const listTs = (root: string, dir: string): string[] =>
  readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = posix.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : listTs(root, path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });

/** Every .ts file under functions/ and lib/ of the repository at `root`, read. */
export const readSourceFiles = (root: string): Map<string, string> =>
  new Map(
    ["functions", "lib"]
      .flatMap((dir) => listTs(root, dir))
      .map((path) => [path, readFileSync(join(root, path), "utf8")] as const),
  );

export const formatViolation = (v: Violation): string => `${v.file}:${v.line} ${v.rule}: ${v.message}`;
