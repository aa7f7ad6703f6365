import { parseAst } from "rolldown/parseAst";

/** The vitest calls whose timeout argument bounds a test or a hook. */
const TEST_CALLS = new Set(["it", "test", "describe", "suite", "bench"]);
const HOOK_CALLS = new Set(["beforeAll", "afterAll", "beforeEach", "afterEach"]);
/** `vi.waitFor(fn, { timeout })`, `expect.poll(fn, { timeout })`. */
const WAIT_CALLS = new Set(["waitFor", "waitUntil", "poll"]);

export interface LiteralTimeout {
  line: number;
  call: string;
  raw: string;
}

type Node = { type: string; start: number; end: number; [key: string]: unknown };

const isNode = (value: unknown): value is Node =>
  typeof value === "object" && value !== null && typeof (value as Node).type === "string";

const isNumber = (node: unknown): node is Node & { raw: string } =>
  isNode(node) && node.type === "Literal" && typeof node.value === "number";

/** `it`, `it.concurrent`, `describe.each(...)`: the name of the vitest function a call ends in. */
const calleeName = (callee: unknown): { root: string; last: string } | undefined => {
  if (!isNode(callee)) return undefined;
  if (callee.type === "Identifier") return { root: String(callee.name), last: String(callee.name) };
  if (callee.type === "MemberExpression") {
    const inner = calleeName(callee.object);
    const property = isNode(callee.property) ? String(callee.property.name) : "";
    return inner ? { root: inner.root, last: property } : undefined;
  }
  if (callee.type === "CallExpression") return calleeName(callee.callee);
  return undefined;
};

/**
 * Every literal number given as a test's or hook's timeout (`it(name, fn, 60_000)`,
 * `beforeAll(fn, 60_000)`, `{ timeout: 5_000 }`): a bound a busy machine can cross. Bounds go through
 * `scaledTimeout` (tests/support/test-timeouts.ts), which TEST_TIMEOUT_SCALE stretches.
 */
export const findLiteralTimeouts = (source: string, filename: string): LiteralTimeout[] => {
  const program = parseAst(source, { lang: "ts" }, filename) as unknown as Node;
  const lineOf = (offset: number) => source.slice(0, offset).split("\n").length;
  const found: LiteralTimeout[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const child of node) visit(child);
      return;
    }
    if (!isNode(node)) return;
    if (node.type === "CallExpression") {
      const name = calleeName(node.callee);
      const args = (node.arguments as unknown[]) ?? [];
      const isTest = name !== undefined && TEST_CALLS.has(name.root);
      const isHook = name !== undefined && HOOK_CALLS.has(name.root);
      const isWait = name !== undefined && (WAIT_CALLS.has(name.last) || WAIT_CALLS.has(name.root));
      if (isTest || isHook || isWait) {
        const call = name?.root === name?.last ? String(name?.root) : `${name?.root}.${name?.last}`;
        args.forEach((arg, index) => {
          const timeoutPosition = isHook ? index >= 1 : index >= 2;
          if (isNumber(arg) && timeoutPosition && !isWait)
            found.push({ line: lineOf(arg.start), call, raw: arg.raw });
          if (isNode(arg) && arg.type === "ObjectExpression") {
            for (const property of (arg.properties as Node[]) ?? []) {
              const key = isNode(property.key) ? String(property.key.name ?? property.key.value) : "";
              if (/^timeout(Ms)?$/.test(key) && isNumber(property.value)) {
                found.push({ line: lineOf(property.start), call, raw: property.value.raw });
              }
            }
          }
        });
      }
    }
    for (const [key, value] of Object.entries(node)) {
      if (key !== "type" && key !== "start" && key !== "end" && typeof value === "object") visit(value);
    }
  };
  visit(program);
  return found;
};
