import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineTool } from "../../../../functions/core/agent/define-tool";
import { ConfigError, ValidationError } from "../../../../functions/core/errors";

const context = { signal: new AbortController().signal, callId: "call_1" };

describe("defineTool", () => {
  it("generates the provider JSON schema from the zod input schema", () => {
    const tool = defineTool({
      name: "filter_products",
      description: "Filter current products",
      input: z.object({
        min_price: z.number().optional().describe("Minimum price filter"),
        brand: z.string().optional(),
        in_stock: z.boolean().optional(),
      }),
      run: () => "ok",
    });

    expect(tool.spec).toEqual({
      name: "filter_products",
      description: "Filter current products",
      inputSchema: {
        type: "object",
        properties: {
          min_price: { type: "number", description: "Minimum price filter" },
          brand: { type: "string" },
          in_stock: { type: "boolean" },
        },
      },
    });
  });

  it("refuses a tool name that is not snake_case", () => {
    expect(() =>
      defineTool({ name: "filterProducts", description: "d", input: z.object({}), run: () => "" }),
    ).toThrow(ConfigError);
  });

  it("refuses an input schema whose root is not an object", () => {
    expect(() =>
      defineTool({ name: "list_ids", description: "d", input: z.array(z.string()), run: () => "" }),
    ).toThrow(/must be an object/);
  });

  it("runs with the parsed (transformed) input and formats the output for the model", async () => {
    const tool = defineTool({
      name: "search_products",
      description: "Search",
      input: z.object({ query: z.string().trim().toLowerCase() }),
      run: (input) => ({ query: input.query, count: 4 }),
      toModelContent: (output) => `ok: ${output.count} products for ${output.query}`,
    });

    await expect(tool.execute({ query: "  Laptops " }, context)).resolves.toMatchObject({
      status: "ok",
      output: { query: "laptops", count: 4 },
      content: "ok: 4 products for laptops",
    });
  });

  it("sends JSON of a non-string output when no formatter is given", async () => {
    const tool = defineTool({
      name: "count_items",
      description: "d",
      input: z.object({}),
      run: () => ({ count: 2 }),
    });
    await expect(tool.execute({}, context)).resolves.toMatchObject({ content: '{"count":2}' });
  });

  it("reports invalid arguments with every failing field instead of throwing", async () => {
    const tool = defineTool({
      name: "filter_products",
      description: "d",
      input: z.object({ max_price: z.number(), brand: z.string() }),
      run: () => "ok",
    });
    const execution = await tool.execute({ max_price: "cheap" }, context);

    expect(execution.status).toBe("invalid_arguments");
    expect(execution.status === "invalid_arguments" && execution.issues.map((i) => i.path)).toEqual([
      "max_price",
      "brand",
    ]);
  });

  it("turns a thrown error into an error result, showing only a LarderError's message", async () => {
    const refuses = defineTool({
      name: "apply_patch",
      description: "d",
      input: z.object({}),
      run: () => {
        throw new ValidationError("Patch op 2 targets a missing ingredient");
      },
    });
    const crashes = defineTool({
      name: "read_store",
      description: "d",
      input: z.object({}),
      run: () => {
        throw new TypeError("Cannot read properties of undefined (reading 'price')");
      },
    });

    await expect(refuses.execute({}, context)).resolves.toMatchObject({
      status: "error",
      content: "apply_patch failed: Patch op 2 targets a missing ingredient",
    });
    await expect(crashes.execute({}, context)).resolves.toMatchObject({
      status: "error",
      content: "read_store failed: internal error",
    });
  });
});
