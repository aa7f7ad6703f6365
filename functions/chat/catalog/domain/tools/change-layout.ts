import { z } from "zod";
import { type SessionState, TEMPLATE_LAYOUTS } from "../session-state";
import type { ToolOutcome } from "./tool-outcome";

export const CHANGE_LAYOUT = "change_layout";

export const ChangeLayoutInputSchema = z
  .object({ layout: z.enum(TEMPLATE_LAYOUTS).describe("How the client shows the products") })
  .strict();
export type ChangeLayoutInput = z.output<typeof ChangeLayoutInputSchema>;

/** Records the layout the user asked for; the template follows it while it fits the products. */
export const changeLayout = (state: SessionState, input: ChangeLayoutInput): ToolOutcome => {
  if (state.current.data.products.length === 0) return { tool_result: "empty: no products to show" };
  const step = state.step + 1;
  return {
    tool_result: `ok: layout set to ${input.layout}`,
    change: {
      state: {
        current: { data: state.current.data, meta: { ...state.current.meta, layout: input.layout } },
        step,
      },
      delta: {
        step,
        action: { type: "LAYOUT", tool: CHANGE_LAYOUT, params: { layout: input.layout } },
        result: { count: state.current.meta.count, fields: state.current.meta.fields },
      },
    },
  };
};
