import type { LlmToolCall } from "../llm/llm-port";

/** JSON with object keys sorted, so `{a, b}` and `{b, a}` are the same arguments. */
export const canonicalJson = (value: unknown): string => {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
};

/** Identifies a call by tool and arguments: the loop stops when a key comes back. */
export const toolCallKey = (call: Pick<LlmToolCall, "name" | "arguments">): string =>
  `${call.name}:${canonicalJson(call.arguments)}`;
