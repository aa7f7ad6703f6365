import { afterAll, beforeAll } from "vitest";
import {
  type FakeLlmServer,
  type FakeLlmStep,
  routeByToolName,
  startFakeLlmServer,
} from "../../../dev/fake-llm";
import type { FakeLlmRequest } from "../../../dev/fake-llm/fake-llm-script";
import { startedLater } from "../started-later";
import { scaledTimeout } from "../test-timeouts";
import { type CoordinatorHarness, startCoordinatorHarness } from "./coordinator-harness";

/** The tools the coordinator's model steps force, one per step. */
export type CoordinatorModelTool =
  | "generate_search_query"
  | "rank_substitutes_by_value"
  | "explain_substitutes"
  | "prune_stock";

/** How the fake model answers each of the coordinator's model steps, by the tool the step forces. */
export type CoordinatorModelScript = Record<CoordinatorModelTool, (request: FakeLlmRequest) => FakeLlmStep>;

/** A tool call answered at once, with a small real call's usage. */
export const toolReply = (name: string, args: unknown) => ({
  reply: { toolCalls: [{ name, arguments: args }], usage: { inputTokens: 400, outputTokens: 120 } },
});

/** The product ids a ranking or reasons prompt lists (`productId: …`), each once, in order. */
export const productIdsIn = (request: FakeLlmRequest): string[] => [
  ...new Set([...JSON.stringify(request.body).matchAll(/productId: (\d+)/g)].map((m) => m[1] ?? "")),
];

/**
 * The coordinator on its real parts (coordinator-harness.ts) with a model: the official OpenAI SDK over
 * HTTP to the fake LLM server, which answers each model step by `script` (the forced tool's answer; any
 * other call gets `prune_stock`'s). `env` adds LLM settings (retries, call timeout) to the provider's.
 * Started in the file's beforeAll, closed in its afterAll; `onRequest` sees every call first.
 */
export const useCoordinatorOnFakeModel = (
  script: CoordinatorModelScript,
  options: { env?: Record<string, string>; onRequest?: (request: FakeLlmRequest) => void } = {},
): CoordinatorHarness => {
  let harness: CoordinatorHarness | undefined;
  let llmServer: FakeLlmServer | undefined;
  beforeAll(async () => {
    llmServer = await startFakeLlmServer({
      script: routeByToolName({}, (request) => {
        options.onRequest?.(request);
        if (request.forcedToolName === "generate_search_query") return script.generate_search_query(request);
        if (request.forcedToolName === "rank_substitutes_by_value") {
          return script.rank_substitutes_by_value(request);
        }
        if (request.forcedToolName === "explain_substitutes") return script.explain_substitutes(request);
        return script.prune_stock(request);
      }),
    });
    harness = await startCoordinatorHarness({
      LLM_PROVIDER: "openai",
      OPENAI_BASE_URL: llmServer.openaiBaseUrl,
      OPENAI_API_KEY: "test",
      ...options.env,
    });
  }, scaledTimeout(60_000));
  afterAll(async () => {
    await harness?.close();
    await llmServer?.close();
  });
  return startedLater(() => harness, "The coordinator harness");
};
