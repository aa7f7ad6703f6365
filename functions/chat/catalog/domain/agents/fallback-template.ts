import type { SessionState, Template, TemplateLayout } from "../session-state";

/** Up to this many products show as a grid; more as a list. */
export const GRID_MAX_PRODUCTS = 12;

/** Agent 2's rule-based template: one product → single, a few → grid, many → list; fields from meta. */
export const fallbackTemplate = (query: string, state: SessionState): Template => {
  const { count, fields, layout: asked } = state.current.meta;
  if (count === 0) {
    return {
      layout: "list",
      title: query,
      fields: [],
      empty_message: "No products yet: ask for something to search for",
    };
  }
  const byCount: TemplateLayout = count === 1 ? "single" : count <= GRID_MAX_PRODUCTS ? "grid" : "list";
  return {
    layout: asked ?? byCount,
    title: `${query} (${count})`,
    fields,
    ...(fields.includes("price") ? { highlight: "price" } : {}),
  };
};
