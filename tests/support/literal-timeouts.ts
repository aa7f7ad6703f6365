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

const childrenOf = (node: Node): unknown[] =>
  Object.entries(node)
    .filter(([key, value]) => key !== "type" && key !== "start" && key !== "end" && typeof value === "object")
    .map(([, value]) => value);

/** Every node below `node` for which `take` holds, not going into nodes for which `stop` holds. */
const nodesBelow = (node: unknown, take: (n: Node) => boolean, stop: (n: Node) => boolean = () => false) => {
  const found: Node[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const child of value) visit(child);
      return;
    }
    if (!isNode(value)) return;
    if (take(value)) found.push(value);
    if (!stop(value)) for (const child of childrenOf(value)) visit(child);
  };
  visit(node);
  return found;
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
  for (const node of nodesBelow(program, (n) => n.type === "CallExpression")) {
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
  return found;
};

export interface FixedSleep {
  line: number;
  /** What was found: `setTimeout(…, 60)`, `sleep(1000)` or `a poll loop`. */
  form: string;
}

/** Calls that only pass time: `setTimeout`, and a helper named for it. */
const SLEEP_CALLS = new Set(["setTimeout", "sleep", "delay", "wait"]);
/** Below this a timer is a fake's yield (its simulated work), not a wait for something to happen. */
const YIELD_MS = 10;
const LOOPS = new Set([
  "ForStatement",
  "ForInStatement",
  "ForOfStatement",
  "WhileStatement",
  "DoWhileStatement",
]);
const FUNCTIONS = new Set(["FunctionDeclaration", "FunctionExpression", "ArrowFunctionExpression"]);

const isSleepCall = (node: Node): boolean => {
  if (node.type !== "CallExpression") return false;
  const name = calleeName(node.callee);
  return name !== undefined && SLEEP_CALLS.has(name.last);
};

/** `await sleep(…)`, `await setTimeout(…)`, `await new Promise((r) => setTimeout(r, …))`. */
const awaitsTimer = (argument: unknown): boolean =>
  isNode(argument) &&
  (isSleepCall(argument) ||
    (argument.type === "NewExpression" &&
      calleeName(argument.callee)?.last === "Promise" &&
      nodesBelow(argument.arguments, isSleepCall).length > 0));

/**
 * Every fixed wait in a test: a timer or sleep helper given a literal of 10 ms or more
 * (`await new Promise((r) => setTimeout(r, 60))`, `setTimeout(() => controller.abort(), 100)`,
 * `await sleep(1000)`, timers/promises' `setTimeout(50)`), and any loop that awaits a timer between its
 * checks (a hand-rolled poll, `for (i < 500) { …; await sleep(10) }`). A test waits on the condition
 * instead (tests/support/wait-until.ts, the one poll).
 */
export const findFixedSleeps = (source: string, filename: string): FixedSleep[] => {
  const program = parseAst(source, { lang: "ts" }, filename) as unknown as Node;
  const lineOf = (offset: number) => source.slice(0, offset).split("\n").length;
  const found: FixedSleep[] = [];
  for (const call of nodesBelow(program, isSleepCall)) {
    const name = calleeName(call.callee)?.last ?? "";
    const args = (call.arguments as unknown[]) ?? [];
    // setTimeout(callback, ms), or timers/promises' setTimeout(ms); a helper's first argument.
    const ms = name === "setTimeout" && args.length >= 2 ? args[1] : args[0];
    if (isNumber(ms) && Number(ms.value) >= YIELD_MS) {
      found.push({
        line: lineOf(call.start),
        form: name === "setTimeout" && args.length >= 2 ? `setTimeout(…, ${ms.raw})` : `${name}(${ms.raw})`,
      });
    }
  }
  for (const loop of nodesBelow(program, (n) => LOOPS.has(n.type))) {
    const awaits = nodesBelow(
      loop.body,
      (n) => n.type === "AwaitExpression",
      (n) => FUNCTIONS.has(n.type) || LOOPS.has(n.type),
    );
    if (awaits.some((a) => awaitsTimer(a.argument))) {
      found.push({ line: lineOf(loop.start), form: "a poll loop" });
    }
  }
  return found.sort((a, b) => a.line - b.line);
};
