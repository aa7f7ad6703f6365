import { Ajv2020 } from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import {
  boundVariants,
  generateValue,
  type JsonSchema,
  type SchemaDocument,
  wordsOfLength,
} from "../../support/request-body-bounds";

// The generator behind tests/integration/platform/request-body-bounds.test.ts, on a planted schema whose
// every bound is known: one body per bound, the field exactly at it, every other field as in the base, each
// body still valid against the schema, and each field it cannot set named with its reason.

const document: SchemaDocument = {
  components: {
    schemas: {
      Message: {
        type: "object",
        properties: {
          role: { type: "string", enum: ["user", "assistant"] },
          content: { type: "string", minLength: 1, maxLength: 4000 },
        },
        required: ["role", "content"],
        additionalProperties: false,
      },
      Request: {
        type: "object",
        properties: {
          messages: {
            type: "array",
            items: { $ref: "#/components/schemas/Message" },
            minItems: 1,
            maxItems: 5,
          },
          sessionId: { type: "string", pattern: "^[a-z0-9-]{1,20}$", maxLength: 20 },
          temperature: { type: "number", minimum: 0, maximum: 2 },
          tags: {
            anyOf: [
              { type: "string", maxLength: 30 },
              { type: "array", items: { type: "string", maxLength: 30 }, maxItems: 3 },
            ],
          },
          note: { type: ["string", "null"], maxLength: 100 },
          rawList: { type: "array", items: {}, maxItems: 4 },
        },
        required: ["messages"],
        additionalProperties: false,
      },
    },
  },
};
const schema: JsonSchema = { $ref: "#/components/schemas/Request" };
const base = {
  messages: [
    { role: "user", content: "a pot of lentil soup" },
    { role: "assistant", content: "with cumin" },
    { role: "user", content: "and bread" },
    { role: "user", content: "for four" },
  ],
  sessionId: "s-1",
  temperature: 1,
};

const ajv = new Ajv2020({ strictTypes: false, strictTuples: false, strictRequired: false });
addFormats(ajv);
ajv.addVocabulary(["components"]);
const validate = ajv.compile({ ...schema, components: document.components });

const plan = boundVariants(schema, base, document);
const byName = new Map(plan.variants.map((v) => [v.name, v]));
const at = (name: string) => {
  const variant = byName.get(name);
  if (!variant) throw new Error(`no variant ${name}; got ${[...byName.keys()].join(", ")}`);
  return variant.body as Record<string, unknown>;
};

describe("boundVariants over a planted schema", () => {
  it("names each variant by its JSON path, bound and limit, one per documented bound", () => {
    expect([...byName.keys()].sort()).toEqual(
      [
        "body.messages maxItems 5",
        "body.messages minItems 1",
        ...[0, 1, 2, 3].flatMap((i) => [
          `body.messages.${i}.content maxLength 4000`,
          `body.messages.${i}.content minLength 1`,
        ]),
        "body.temperature maximum 2",
        "body.temperature minimum 0",
        "body.tags maxLength 30",
        "body.tags maxItems 3",
        "body.tags.0 maxLength 30",
        "body.note maxLength 100",
      ].sort(),
    );
    expect(plan.variants).toHaveLength(byName.size);
  });

  it("sets a string to exactly its maxLength in words, keeping every other field of the base", () => {
    const body = at("body.messages.3.content maxLength 4000");
    const messages = body.messages as Array<{ role: string; content: string }>;
    expect(messages[3]?.content).toHaveLength(4000);
    expect(messages[3]?.content.startsWith("for four for four")).toBe(true);
    expect(messages[3]?.role).toBe("user");
    expect({ ...body, messages: [...messages.slice(0, 3), base.messages[3]] }).toEqual(base);
  });

  it("fills an array to exactly maxItems from the base's items, made distinct, and cuts it to minItems", () => {
    const full = at("body.messages maxItems 5").messages as Array<{ role: string; content: string }>;
    expect(full).toHaveLength(5);
    expect(full.slice(0, 4)).toEqual(base.messages);
    expect(full[4]).toEqual({ role: "user", content: "a pot of lentil soup 2" });
    expect(at("body.messages minItems 1").messages).toEqual([base.messages[0]]);
  });

  it("sets a number to its maximum and to its minimum", () => {
    expect(at("body.temperature maximum 2").temperature).toBe(2);
    expect(at("body.temperature minimum 0").temperature).toBe(0);
  });

  it("visits a field the base leaves out, in each of its alternatives, and a nullable one", () => {
    expect(at("body.tags maxLength 30").tags).toHaveLength(30);
    expect(at("body.tags maxItems 3").tags).toHaveLength(3);
    expect((at("body.tags.0 maxLength 30").tags as string[])[0]).toHaveLength(30);
    expect(at("body.note maxLength 100").note).toHaveLength(100);
  });

  it("keeps every variant a valid body for the schema", () => {
    expect(validate(base)).toBe(true);
    for (const variant of plan.variants) {
      expect(validate(variant.body), `${variant.name}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
  });

  it("names what it cannot set: a patterned string, an item schema without a type", () => {
    expect(plan.skipped).toEqual([
      { path: "body.sessionId", reason: "maxLength 20: pattern ^[a-z0-9-]{1,20}$ keeps the base value" },
      { path: "body.rawList", reason: "maxItems 4: no item to repeat: schema without a type" },
    ]);
  });
});

describe("an array filled to maxItems", () => {
  const meals: JsonSchema = {
    type: "object",
    properties: {
      meals: {
        type: "array",
        maxItems: 3,
        items: {
          type: "object",
          properties: {
            date: { type: "string", format: "date" },
            recipe_id: { type: "string", pattern: "^[a-z0-9-]+$" },
            title: { type: "string" },
          },
        },
      },
    },
  };
  const meal = { date: "2025-12-31", recipe_id: "lentil-soup", title: "Soup" };

  it("moves each repeated item's dates on by a day and numbers its ids and texts", () => {
    const [variant] = boundVariants(meals, { meals: [meal] }, document).variants;
    expect(variant?.body).toEqual({
      meals: [
        meal,
        { date: "2026-01-01", recipe_id: "lentil-soup-2", title: "Soup 2" },
        { date: "2026-01-02", recipe_id: "lentil-soup-3", title: "Soup 3" },
      ],
    });
  });

  it("repeats the properties named in keep as in the base", () => {
    const [variant] = boundVariants(meals, { meals: [meal] }, document, { keep: ["recipe_id"] }).variants;
    const body = variant?.body as { meals: Array<{ recipe_id: string }> } | undefined;
    expect(body?.meals.map((m) => m.recipe_id)).toEqual(["lentil-soup", "lentil-soup", "lentil-soup"]);
  });
});

describe("the values it makes", () => {
  it("writes words of an exact length that do not end in a space", () => {
    for (const length of [1, 6, 11, 12, 200, 4000]) {
      const text = wordsOfLength(length, "покажи ноутбуки");
      expect(text).toHaveLength(length);
      expect(text.endsWith(" ")).toBe(false);
    }
    expect(wordsOfLength(40, "🍅 soup")).not.toContain("🍅");
  });

  it("generates required fields only, and refuses a pattern it cannot satisfy", () => {
    expect(generateValue({ $ref: "#/components/schemas/Message" }, document)).toEqual({
      ok: true,
      value: { role: "user", content: "fresh basil" },
    });
    expect(generateValue({ type: "string", pattern: "^x+$" }, document)).toEqual({
      ok: false,
      reason: "pattern ^x+$ without an example",
    });
  });
});
