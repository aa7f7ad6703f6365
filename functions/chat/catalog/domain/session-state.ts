import type { Product } from "./product";

/** The seed's action types, plus the three this project adds (SORT, LAYOUT, ROLLBACK). */
export const ACTION_TYPES = ["SEARCH", "FILTER", "SORT", "LAYOUT", "ROLLBACK"] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

export const TRIGGER_USER_QUERY = "USER_QUERY";
export const TRIGGER_TOOL_CALL = "TOOL_CALL";
export type Trigger = typeof TRIGGER_USER_QUERY | typeof TRIGGER_TOOL_CALL;

export const TEMPLATE_LAYOUTS = ["grid", "list", "table", "single"] as const;
export type TemplateLayout = (typeof TEMPLATE_LAYOUTS)[number];

/** What the client renders (Agent 2's output). */
export interface Template {
  layout: TemplateLayout;
  title: string;
  fields: string[];
  highlight?: string;
  empty_message?: string;
}

/** One state change, verbatim from the seed; `result.product_ids` (SEARCH only) makes replay exact. */
export interface Delta {
  step: number;
  trigger: Trigger;
  action: { type: ActionType; tool: string; params: Record<string, unknown> };
  result: { count: number; fields: string[]; product_ids?: string[] };
  template?: Template;
  createdAt: string;
}

/**
 * A delta as stored, with what replaying its step exactly needs: a SEARCH's products with the values the
 * user saw (price, stock, rating…), so a rollback never shows today's catalog in a past step. A delta
 * recorded without them (older, or too large to keep) is replayed from `result.product_ids`, read by id.
 * `replay` never leaves the session store: the API's deltas are `Delta`.
 */
export interface RecordedDelta extends Delta {
  replay?: { products: Product[] };
}

/** The delta as the API shows it: without its replay record. */
export const publicDelta = (delta: RecordedDelta): Delta => {
  const { replay: _replay, ...shown } = delta;
  return shown;
};

export interface SessionState {
  current: {
    data: { products: Product[] };
    meta: { count: number; fields: string[]; layout?: TemplateLayout };
  };
  step: number;
}

export const emptyState = (): SessionState => ({
  current: { data: { products: [] }, meta: { count: 0, fields: [] } },
  step: 0,
});
