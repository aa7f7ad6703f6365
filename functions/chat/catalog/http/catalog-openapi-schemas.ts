import { z } from "../../../core/http/route-helpers";
import { ACTION_TYPES, TEMPLATE_LAYOUTS } from "../domain/session-state";
import { CATALOG_TOOL_NAMES } from "../domain/tools/catalog-tools";

/** Ids go into PostgreSQL rows and DynamoDB key segments: no '#', no spaces. */
const Id = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.:-]{0,99}$/, "1-100 letters, digits, '_', '.', ':', '-'");

export const MAX_PRODUCTS_PER_CALL = 500;

export const Product = z
  .object({
    id: Id,
    name: z.string().trim().min(1).max(500),
    category: Id.describe("A category id (PUT /catalog/categories/{id} names it)"),
    brand: z.string().trim().max(200).default(""),
    price: z.number().int().nonnegative().max(1e13).describe("Integer minor units (kopecks, cents)"),
    currency: z.string().regex(/^[A-Z]{3}$/, "an ISO 4217 code such as RUB"),
    rating: z.number().min(0).max(5).default(0),
    stock_quantity: z.number().int().nonnegative().max(2_147_483_647).default(0),
    attributes: z.record(z.string(), z.unknown()).optional(),
  })
  .strict()
  .openapi("CatalogProduct");

export const IngestProductsBody = z
  .object({ products: z.array(Product).min(1).max(MAX_PRODUCTS_PER_CALL) })
  .strict()
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.products.forEach((p, i) => {
      if (seen.has(p.id))
        ctx.addIssue({ code: "custom", path: ["products", i, "id"], message: "duplicate id in this call" });
      seen.add(p.id);
    });
  });

export const IngestProductsResult = z.object({ upserted: z.number().int() }).openapi("IngestProductsResult");
export const ProductParams = z.object({ id: Id });

export const CategoryBody = z
  .object({ names: z.array(z.string().trim().min(1).max(200)).min(1).max(50) })
  .strict()
  .openapi("CategoryNames");
export const Category = z.object({ id: z.string(), names: z.array(z.string()) }).openapi("CatalogCategory");
export const CategoryParams = z.object({ id: Id });

const SessionId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "1-64 letters, digits, '_', '-'");
export const SessionParams = z.object({ sessionId: SessionId });
export const ToolParams = z.object({ sessionId: SessionId, tool: z.enum(CATALOG_TOOL_NAMES) });

export const ChatBody = z
  .object({ sessionId: SessionId.optional(), query: z.string().trim().min(1).max(1000) })
  .strict()
  .openapi("CatalogChatRequest");

export const ToolArgsBody = z.record(z.string(), z.unknown()).openapi("CatalogToolArgs");

export const Template = z
  .object({
    layout: z.enum(TEMPLATE_LAYOUTS),
    title: z.string(),
    fields: z.array(z.string()),
    highlight: z.string().optional(),
    empty_message: z.string().optional(),
  })
  .openapi("CatalogTemplate");

export const Delta = z
  .object({
    step: z.number().int(),
    trigger: z.enum(["USER_QUERY", "TOOL_CALL"]),
    action: z.object({
      type: z.enum(ACTION_TYPES),
      tool: z.string(),
      params: z.record(z.string(), z.unknown()),
    }),
    result: z.object({
      count: z.number().int(),
      fields: z.array(z.string()),
      product_ids: z.array(z.string()).optional(),
    }),
    template: Template.optional(),
    createdAt: z.string(),
  })
  .openapi("CatalogDelta");

export const SessionState = z
  .object({
    current: z.object({
      data: z.object({ products: z.array(Product) }),
      meta: z.object({
        count: z.number().int(),
        fields: z.array(z.string()),
        layout: z.enum(TEMPLATE_LAYOUTS).optional(),
      }),
    }),
    step: z.number().int(),
  })
  .openapi("CatalogSessionState");

export const ChatAnswer = z
  .object({
    sessionId: z.string(),
    step: z.number().int(),
    tool_result: z.string().describe("The tool's short result: 'ok: …' or 'empty: …'"),
    state: SessionState,
    delta: Delta.nullable().describe("null when the tool changed nothing"),
    template: Template,
  })
  .openapi("CatalogChatAnswer");

export const SessionView = z.object({ sessionId: z.string(), state: SessionState }).openapi("CatalogSession");

export const DeltasQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: z.string().max(2000).optional(),
});
export const DeltasPage = z
  .object({ deltas: z.array(Delta), cursor: z.string().optional().describe("Pass back for the next page") })
  .openapi("CatalogDeltasPage");
