/**
 * The fake LLM server for integration tests of any area: point the real provider code at it with
 * `ANTHROPIC_BASE_URL=<url>` or `OPENAI_BASE_URL=<openaiBaseUrl>` and script its answers.
 *
 *   const server = await startFakeLlmServer({ script: routeByToolName({ extract_quote: { reply: { toolCalls: [...] } } }) });
 *   ...
 *   await server.close();
 */
export type {
  FakeLlmApi,
  FakeLlmRequest,
  FakeLlmScript,
  FakeLlmStep,
  FakeModelReply,
  FakeProviderError,
} from "./fake-llm-script";
export { routeByToolName } from "./fake-llm-script";
export { type FakeLlmServer, type FakeLlmServerOptions, startFakeLlmServer } from "./fake-llm-server";
export { startTarpitServer, type TarpitServer } from "./tarpit-server";
