import type { CatalogToolName } from "../tools/catalog-tools";

/** One tool call: the tool and its arguments, untrusted until the tool validates them. */
export interface ToolCall {
  tool: CatalogToolName;
  args: Record<string, unknown>;
}

/** Agent 1: picks exactly one tool call for the query (the seed: always a tool, never a question). */
export interface ToolCaller {
  chooseTool(query: string): Promise<ToolCall>;
}
