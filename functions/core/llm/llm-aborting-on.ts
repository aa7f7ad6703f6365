import type { LlmPort } from "./llm-port";

const withSignal = <R extends { signal?: AbortSignal }>(request: R, signal: AbortSignal): R => ({
  ...request,
  signal: request.signal ? AbortSignal.any([request.signal, signal]) : signal,
});

/**
 * The port with every call also aborted by `signal` (a request's deadline), besides any signal the call
 * brings. An aborted call fails as LlmUnavailable (`llm_aborted`), which the cook use cases answer with
 * their offline fallbacks instead of outliving the Lambda.
 */
export const llmAbortingOn = (llm: LlmPort, signal: AbortSignal): LlmPort => ({
  structured: (request) => llm.structured(withSignal(request, signal)),
  turn: (request) => llm.turn(withSignal(request, signal)),
});
