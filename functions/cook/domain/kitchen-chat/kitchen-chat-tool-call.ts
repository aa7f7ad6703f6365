import { isLarderError } from "../../../core/errors";

/** One tool call as the chat response reports it (`tool_calls`). */
export interface KitchenToolCall {
  name: string;
  /** As the model (or the offline interpreter) passed them, valid or not. */
  arguments: unknown;
  ok: boolean;
  /** The tool's own one-line summary when it ran, else why it failed or did not run. */
  summary?: string;
}

/** The `summary` our tools put in every output. */
export const summaryOfOutput = (output: unknown): string | undefined =>
  typeof output === "object" && output !== null && "summary" in output && typeof output.summary === "string"
    ? output.summary
    : undefined;

export const withSummary = (
  call: Omit<KitchenToolCall, "summary">,
  summary: string | undefined,
): KitchenToolCall => (summary === undefined ? call : { ...call, summary });

/**
 * Runs one operation outside the agent loop (the offline interpreter) and logs it like a tool call: the
 * same summary when it succeeds, the same `<tool> failed: <reason>` text as `defineTool` when it throws.
 */
export const runLoggedOperation = async <O>(
  log: KitchenToolCall[],
  name: string,
  args: unknown,
  operation: () => Promise<O>,
): Promise<{ ok: true; output: O } | { ok: false; error: unknown; reason: string }> => {
  try {
    const output = await operation();
    log.push(withSummary({ name, arguments: args, ok: true }, summaryOfOutput(output)));
    return { ok: true, output };
  } catch (error) {
    const reason = isLarderError(error) ? error.message : "internal error";
    log.push({ name, arguments: args, ok: false, summary: `${name} failed: ${reason}` });
    return { ok: false, error, reason };
  }
};
