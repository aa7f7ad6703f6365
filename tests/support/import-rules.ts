import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, posix } from "node:path";

/**
 * The import rules of ARCHITECTURE.md, checked over source text (no compiler program: fast, and the same
 * function runs on an in-memory file set in the self-test). Paths are repository-relative, with `/`.
 */

/** What the checker needs of an area definition (lib/definition-types' AreaDefinition): its entries. */
export interface AreaEntries {
  functions: readonly { entry: string }[];
}

/**
 * The area folders (`cook`, `chat/catalog`: `functions/<folder>/…`), derived from the area definitions of
 * lib/areas: the folder holding each function's `entries/`. A new area's definition brings its folder in.
 */
export const areaFoldersOf = (definitions: readonly AreaEntries[]): string[] => {
  const folders = new Set<string>();
  for (const { functions } of definitions)
    for (const { entry } of functions) {
      const match = entry.match(/^functions\/(.+?)\/entries\//);
      if (!match?.[1]) throw new Error(`${entry}: an entry lives in functions/<area>/entries/`);
      folders.add(match[1]);
    }
  return [...folders].sort();
};

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
const SDK_PACKAGES = [
  /^@aws-sdk\//,
  /^@aws-lambda-powertools\//,
  /^openai$/,
  /^@anthropic-ai\//,
  /^playwright/,
  /^postgres$/,
];

/**
 * The remaining exceptions to the rules below, each with its reason. An area reaches another only through
 * a port in its domain/ports, implemented in its wiring or adapters over the other area's public surface;
 * these are the named surfaces. Keep it small: each entry is a deliberate exception.
 */
export const EXCEPTIONS: readonly { rule: Violation["rule"]; from: RegExp; to: RegExp; why: string }[] = [
  {
    rule: "cross-area",
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
  rule:
    | "functions-imports-lib"
    | "domain-imports"
    | "cross-area"
    | "imports-entries"
    | "core-imports-area"
    | "http-imports-wiring"
    | "imports-adapter";
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
export const areaOf = (file: string, areas: readonly string[]): string | undefined => {
  if (file.startsWith("functions/core/")) return "core";
  // The longest folder first, so `chat/catalog` wins over a `chat` area should one appear.
  return [...areas].sort((a, b) => b.length - a.length).find((area) => file.startsWith(`functions/${area}/`));
};

/** The role folders of a file inside its area (`shop/adapters/x.ts` → adapters). */
const foldersInArea = (file: string, area: string | undefined): string[] =>
  area === undefined || area === "core"
    ? []
    : file.slice(`functions/${area}/`.length).split("/").slice(0, -1);

const domainImportProblem = (
  ref: ImportRef,
  area: string | undefined,
  targetArea: string | undefined,
  targetIsDomain: boolean,
): string | undefined => {
  if (!ref.relative) {
    if (SDK_PACKAGES.some((sdk) => sdk.test(ref.target))) return `domain code imports the SDK ${ref.target}`;
    if (ref.target.startsWith("node:"))
      return ref.typeOnly || DOMAIN_NODE_MODULES.has(ref.target)
        ? undefined
        : `domain code imports ${ref.target} (I/O belongs in adapters)`;
    if (DOMAIN_PACKAGES.has(ref.target) || ref.typeOnly) return undefined;
    return `domain code imports the package ${ref.target} (only ${[...DOMAIN_PACKAGES].join(", ")})`;
  }
  if (area !== "core" && targetArea === area && targetIsDomain) return undefined;
  if (CORE_PURE_FOR_DOMAIN.some((allowed) => allowed.test(ref.target))) return undefined;
  if (ref.typeOnly && CORE_PORT_TYPES.some((allowed) => allowed.test(ref.target))) return undefined;
  return `domain code imports ${ref.target} (domain reaches only its domain, core errors/logger-port/text and core port types; never lib/, another area, adapters, wiring or http)`;
};

/**
 * Checks the files given (path → text) against the rules, for the area folders given (`areaFoldersOf` over
 * lib/areas). `known` paths resolve extension-less specifiers.
 */
export const checkImportRules = (
  files: ReadonlyMap<string, string>,
  areaFolders: readonly string[],
): Violation[] => {
  const known = new Set(files.keys());
  const areaFor = (file: string) => areaOf(file, areaFolders);
  const roles = (file: string) => foldersInArea(file, areaFor(file));
  const violations: Violation[] = [];
  for (const [file, text] of files) {
    const fromArea = areaFor(file);
    const fromRoles = roles(file);
    const isDomain = fromRoles.includes("domain");
    const isHttp = fromRoles.includes("http");
    const isEntry = fromRoles.includes("entries");
    const isAdapter = fromRoles.includes("adapters");
    for (const ref of importsOf(file, text, known)) {
      const report = (rule: Violation["rule"], message: string) => {
        const excused = EXCEPTIONS.some((e) => e.rule === rule && e.from.test(file) && e.to.test(ref.target));
        if (!excused) violations.push({ file, line: ref.line, specifier: ref.specifier, rule, message });
      };
      const toArea = ref.relative ? areaFor(ref.target) : undefined;
      const toRoles = ref.relative ? roles(ref.target) : [];
      if (file.startsWith("functions/") && ref.relative && ref.target.startsWith("lib/")) {
        report("functions-imports-lib", `functions/ imports ${ref.target}: lib/ is CDK and definitions`);
      }
      if (toRoles.includes("entries")) {
        report("imports-entries", `imports the Lambda entry ${ref.target}: nothing imports entries/`);
      }
      // Domain code, and the core modules domain code may import (which must be as pure).
      const pureCore = CORE_PURE_FOR_DOMAIN.some((pure) => pure.test(file));
      if (isDomain || pureCore) {
        const problem = domainImportProblem(ref, fromArea, toArea, toRoles.includes("domain"));
        if (problem) report("domain-imports", problem);
      }
      // wiring is the composition root: it builds the deps and calls the http factory, never the reverse.
      if (isHttp && toRoles.includes("wiring")) {
        report(
          "http-imports-wiring",
          `http imports the wiring ${ref.target}: wiring builds the deps and calls http`,
        );
      }
      // Adapters are built by wiring alone; http and entries receive what wiring built.
      if ((isHttp || isEntry) && toRoles.includes("adapters")) {
        report(
          "imports-adapter",
          `${isHttp ? "http" : "an entry"} imports the adapter ${ref.target}: wiring builds adapters`,
        );
      }
      if (fromArea === "core" && toArea && toArea !== "core") {
        report("core-imports-area", `functions/core imports the ${toArea} area (${ref.target})`);
      }
      // Another area is reached through a port of the consuming area, implemented (in its wiring or an
      // adapter) over the other area's exported surface: a module at that area's root (`functions/cook/x.ts`,
      // outside its role folders). Never another area's use case, adapter, domain, wiring or http.
      const publicSurface =
        toRoles.length === 0 && (fromRoles.includes("wiring") || fromRoles.includes("adapters"));
      if (
        fromArea &&
        fromArea !== "core" &&
        toArea &&
        toArea !== "core" &&
        toArea !== fromArea &&
        !publicSurface
      ) {
        const what = toRoles.includes("use-cases")
          ? "a use case of"
          : toRoles.includes("adapters")
            ? "an adapter of"
            : "the internals of";
        report(
          "cross-area",
          `${fromArea}${isAdapter ? "'s adapter" : ""} reaches ${what} ${toArea} (${ref.target}) other than through a port`,
        );
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

/** A breach of the request seam (ARCHITECTURE.md, "One request seam"), with where it is. */
export interface SeamViolation {
  file: string;
  line: number;
  rule:
    | "seam-callback-name"
    | "seam-request-type"
    | "seam-route-outside-core"
    | "seam-lambda-clock-outside-core";
  message: string;
}

/** The one name of the per-request callback of every `*ApiDeps`, and the one request type it takes. */
export const SEAM_CALLBACK = "inRequestScope";
export const SEAM_REQUEST_TYPE = "ApiRequestScopeInput";
/** Where the route of a request is written (`${c.req.method} ${c.req.routePath}`): requestScopeInputOf's. */
const ROUTE_HOME = "functions/core/http/request-scope-input.ts";
/** Where a Lambda context is asked whether it has a clock: hasLambdaClock's. */
const LAMBDA_CLOCK_HOME = "functions/core/llm/model-deadline.ts";

const lineAt = (text: string, index: number): number => text.slice(0, index).split("\n").length;

/**
 * The request seam's names: in every `export interface <Area>ApiDeps`, a per-request callback (a generic
 * method `name<T>(request: R, use: …)`) is named `inRequestScope` and takes core/http's
 * `ApiRequestScopeInput`; only core/http writes a request's route and only core/llm/model-deadline asks a
 * Lambda context for its clock. A scanner over source text, like the import rules.
 */
export const checkSeamNames = (files: ReadonlyMap<string, string>): SeamViolation[] => {
  const found: SeamViolation[] = [];
  for (const [file, raw] of files) {
    if (!file.startsWith("functions/")) continue;
    const text = withoutComments(raw);
    for (const deps of text.matchAll(/export interface (\w+ApiDeps)\b[^{]*\{([\s\S]*?)\n\}/g)) {
      const body = deps[2] ?? "";
      const bodyStart = (deps.index ?? 0) + deps[0].indexOf(body);
      for (const member of body.matchAll(/^\s*(\w+)<T>\(\s*(\w+)\s*:\s*([\w.]+)/gm)) {
        const [, name, , type] = member;
        const line = lineAt(
          text,
          bodyStart + (member.index ?? 0) + (member[0].length - member[0].trimStart().length),
        );
        if (name !== SEAM_CALLBACK)
          found.push({
            file,
            line,
            rule: "seam-callback-name",
            message: `${deps[1]}.${name}: the per-request callback is named ${SEAM_CALLBACK}`,
          });
        if (type !== SEAM_REQUEST_TYPE)
          found.push({
            file,
            line,
            rule: "seam-request-type",
            message: `${deps[1]}.${name} takes ${type}: the request type is core/http's ${SEAM_REQUEST_TYPE} (requestScopeInputOf(c))`,
          });
      }
    }
    if (file !== ROUTE_HOME)
      for (const route of text.matchAll(/c\.req\.routePath/g))
        found.push({
          file,
          line: lineAt(text, route.index ?? 0),
          rule: "seam-route-outside-core",
          message: "writes a request's route itself: requestScopeInputOf(c) or routeOf(c) (core/http)",
        });
    if (file !== LAMBDA_CLOCK_HOME)
      for (const clock of text.matchAll(/typeof\s+[\w?.]+getRemainingTimeInMillis\s*===/g))
        found.push({
          file,
          line: lineAt(text, clock.index ?? 0),
          rule: "seam-lambda-clock-outside-core",
          message: "asks a Lambda context for its clock itself: hasLambdaClock (core/llm/model-deadline)",
        });
  }
  return found;
};

/** The folders whose modules import each other and so must hold no cycle. */
export const CYCLE_CHECKED_DIRS = ["functions", "lib", "dev", "scripts", "bench"] as const;

/**
 * The import cycles among the files given: each strongly connected set of two or more modules (or one that
 * imports itself) over every import (static, dynamic and `import type`: a type cycle is a design cycle
 * too, two modules that cannot be read apart), as the modules of one cycle, sorted, the cycles sorted by
 * their first module. Tarjan's algorithm.
 */
export const findImportCycles = (files: ReadonlyMap<string, string>): string[][] => {
  const known = new Set(files.keys());
  const edges = new Map<string, string[]>();
  for (const [file, text] of files)
    edges.set(
      file,
      importsOf(file, text, known)
        .filter((ref) => ref.relative && known.has(ref.target))
        .map((ref) => ref.target),
    );
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  let next = 0;
  const visit = (file: string): void => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of edges.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file) ?? 0, low.get(target) ?? 0));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file) ?? 0, index.get(target) ?? 0));
    }
    if (low.get(file) !== index.get(file)) return;
    const members: string[] = [];
    for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
      onStack.delete(member);
      members.push(member);
      if (member === file) break;
    }
    if (members.length > 1 || (edges.get(file) ?? []).includes(file)) cycles.push(members.sort());
  };
  for (const file of [...known].sort()) if (!index.has(file)) visit(file);
  return cycles.sort((a, b) => (a[0] ?? "").localeCompare(b[0] ?? ""));
};

/** Every .ts file under `dirs` (functions/ and lib/ unless told) of the repository at `root`, read. */
export const readSourceFiles = (
  root: string,
  dirs: readonly string[] = ["functions", "lib"],
): Map<string, string> =>
  new Map(
    dirs
      .filter((dir) => existsSync(join(root, dir)))
      .flatMap((dir) => listTs(root, dir))
      .map((path) => [path, readFileSync(join(root, path), "utf8")] as const),
  );

export const formatViolation = (v: Violation): string => `${v.file}:${v.line} ${v.rule}: ${v.message}`;
