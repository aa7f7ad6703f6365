import { z } from "zod";
import { parseOrThrow } from "../../../../core/validation";
import type { FieldSource, ListSpec, PageSpec } from "../extraction/page-extraction";
import auchanPtRegistryData from "./auchan-pt.json";

/** The pages the tools read; each has its own versioned entry in the registry data. */
export const STORE_PAGES = ["search", "product", "cart", "orders", "orderDetail", "deliverySlots"] as const;
export type StorePageName = (typeof STORE_PAGES)[number];
export type SelectorRegistry = Record<StorePageName, PageSpec>;

const fieldSourceSchema = z.strictObject({
  selector: z.string().min(1).optional(),
  closest: z.string().min(1).optional(),
  attribute: z.string().min(1).optional(),
  all: z.boolean().optional(),
});
const fieldsSchema = z.record(z.string(), z.array(fieldSourceSchema).min(1));
const listSchema = z.union([
  z.strictObject({ root: z.array(z.string().min(1)).min(1), fields: fieldsSchema }),
  z.strictObject({ root: z.array(z.string().min(1)).min(1), fieldSet: z.string() }),
]);
const pageSchema = z.strictObject({
  version: z.string().min(1),
  source: z.string(),
  ready: z.array(z.string().min(1)).min(1),
  empty: z.array(z.string().min(1)),
  values: fieldsSchema,
  lists: z.record(z.string(), listSchema),
});
const registryDataSchema = z.strictObject({
  site: z.string(),
  notes: z.string().optional(),
  fieldSets: z.record(z.string(), fieldsSchema),
  pages: z.record(z.enum(STORE_PAGES), pageSchema),
});

/**
 * Turns registry data into page specs: validates it and resolves shared field sets (a product tile is
 * read the same way on search results and in a product page's recommendations).
 */
export const buildSelectorRegistry = (data: unknown): SelectorRegistry => {
  const registry = parseOrThrow(registryDataSchema, data, "selector registry");
  const resolveList = (page: string, name: string, list: z.infer<typeof listSchema>): ListSpec => {
    if ("fields" in list) return { root: list.root, fields: list.fields as Record<string, FieldSource[]> };
    const fields = registry.fieldSets[list.fieldSet];
    if (!fields)
      throw new Error(`Selector registry: ${page}.${name} names unknown field set ${list.fieldSet}`);
    return { root: list.root, fields: fields as Record<string, FieldSource[]> };
  };
  const pageSpec = (page: StorePageName): PageSpec => {
    const entry = registry.pages[page];
    if (!entry) throw new Error(`Selector registry for ${registry.site} has no page "${page}"`);
    return {
      page,
      version: entry.version,
      ready: entry.ready,
      empty: entry.empty,
      values: entry.values as Record<string, FieldSource[]>,
      lists: Object.fromEntries(
        Object.entries(entry.lists).map(([name, list]) => [name, resolveList(page, name, list)]),
      ),
    };
  };
  return Object.fromEntries(STORE_PAGES.map((page) => [page, pageSpec(page)])) as SelectorRegistry;
};

let auchanPtRegistry: SelectorRegistry | undefined;
/** The registry for Auchan.pt (and the simulated store, which follows it). Parsed once per container. */
export const auchanPtSelectorRegistry = (): SelectorRegistry => {
  auchanPtRegistry ??= buildSelectorRegistry(auchanPtRegistryData);
  return auchanPtRegistry;
};
