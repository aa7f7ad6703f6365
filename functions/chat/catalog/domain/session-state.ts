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
