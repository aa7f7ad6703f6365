import { describe, expect, it } from "vitest";
import { z } from "zod";
import { assertToolName, toToolJsonSchema } from "../../../../functions/core/llm/tool-json-schema";

describe("toToolJsonSchema", () => {
  it("describes the input side of the schema, without the dialect or integer noise", () => {
    const schema = z.object({
      rank: z.number().int().min(1),
      reason: z.string().describe("Human-readable explanation"),
      brand_preference: z.enum(["store", "national", "premium", "unknown"]),
      price: z.string().transform(Number),
      note: z.string().optional(),
    });
    expect(toToolJsonSchema(schema)).toEqual({
      type: "object",
      properties: {
        rank: { type: "integer", minimum: 1 },
        reason: { type: "string", description: "Human-readable explanation" },
        brand_preference: { type: "string", enum: ["store", "national", "premium", "unknown"] },
        price: { type: "string" },
        note: { type: "string" },
      },
      required: ["rank", "reason", "brand_preference", "price"],
    });
  });

  it("writes draft 2020-12 (prefixItems, $defs), since both providers reject draft-07's array-form items", () => {
    const category: z.ZodType<{ name: string; children: unknown[] }> = z.lazy(() =>
      z.object({ name: z.string(), children: z.array(category) }),
    );
    const schema = z.object({ range: z.tuple([z.number(), z.number()]), tree: category });

    expect(toToolJsonSchema(schema)).toEqual({
      type: "object",
      properties: {
        range: {
          type: "array",
          prefixItems: [{ type: "number" }, { type: "number" }],
          items: false,
          minItems: 2,
          maxItems: 2,
        },
        tree: { $ref: "#/$defs/__schema0" },
      },
      required: ["range", "tree"],
      $defs: {
        __schema0: {
          type: "object",
          properties: {
            name: { type: "string" },
            children: { type: "array", items: { $ref: "#/$defs/__schema0" } },
          },
          required: ["name", "children"],
        },
      },
    });
  });

  it("rejects a root that is not an object and a schema JSON cannot express", () => {
    expect(() => toToolJsonSchema(z.string())).toThrow(/must be an object/);
    expect(() => toToolJsonSchema(z.object({ when: z.date() }))).toThrow(/cannot be expressed/);
  });
});

describe("assertToolName", () => {
  it.each(["rank_substitutes_by_value", "ping", "generate_search_query", "step2_run"])(
    "accepts %s",
    (name) => {
      expect(() => assertToolName(name)).not.toThrow();
    },
  );

  it.each(["rankSubstitutes", "rank-substitutes", "_private", "ends_", "a".repeat(65), ""])(
    "rejects %j",
    (name) => {
      expect(() => assertToolName(name)).toThrow(/snake_case/);
    },
  );
});
