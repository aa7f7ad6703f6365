import { afterAll, beforeAll } from "vitest";
import {
  type FakeLlmServer,
  type FakeModelReply,
  startFakeLlmServer,
  startTarpitServer,
  type TarpitServer,
} from "../../../dev/fake-llm";
import { startedLater } from "../started-later";

/**
 * The tarpit for this test file (a provider that accepts every connection and never answers), started in
 * a beforeAll and closed in an afterAll: register it before the hooks that use its `url`.
 */
export const useTarpit = (): TarpitServer => {
  let server: TarpitServer | undefined;
  beforeAll(async () => {
    server = await startTarpitServer();
  });
  afterAll(async () => {
    await server?.close();
  });
  return startedLater(() => server, "The tarpit");
};

/** How late the slow provider answers: later than any API request's model deadline. */
export const SLOW_PROVIDER_DELAY_MS = 20_000;

/**
 * The two providers an API's hanging-model test meets, each through the official OpenAI SDK: one that
 * never answers (the tarpit) and one that answers `slowReply` correctly, but only after 20 s. Each case
 * names itself (for `describe.each`'s `$name`), gives the environment that points the API's model at it,
 * and counts the calls it received.
 */
export const useHangingProviders = (slowReply: FakeModelReply) => {
  const tarpit = useTarpit();
  let slow: FakeLlmServer | undefined;
  beforeAll(async () => {
    slow = await startFakeLlmServer({
      script: () => ({ delayMs: SLOW_PROVIDER_DELAY_MS, reply: slowReply }),
    });
  });
  afterAll(async () => {
    await slow?.close();
  });
  const slowServer = startedLater(() => slow, "The slow provider");
  return [
    {
      name: "a provider that never answers",
      env: () => ({ LLM_PROVIDER: "openai", OPENAI_API_KEY: "k", OPENAI_BASE_URL: `${tarpit.url}/v1` }),
      calls: () => tarpit.connections(),
    },
    {
      name: "a provider that answers after 20 s",
      env: () => ({
        LLM_PROVIDER: "openai",
        OPENAI_API_KEY: "k",
        OPENAI_BASE_URL: slowServer.openaiBaseUrl,
      }),
      calls: () => slowServer.requests.length,
    },
  ] as const;
};
