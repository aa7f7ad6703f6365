import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "../../../lib/api-document";
import { CLIENT_TYPES_FILE, renderClientTypes } from "../../../scripts/client-types";

const builtDocument = await buildOpenApiDocument();

describe("sdk/larder-api.d.ts (the typed client's types)", () => {
  it("is what the handlers' document generates", async () => {
    const expected = await renderClientTypes(builtDocument);
    expect(
      readFileSync(CLIENT_TYPES_FILE, "utf8"),
      "sdk/larder-api.d.ts is out of date: run `npm run openapi`",
    ).toBe(expected);
  });

  it("names each operation by its operationId, so clients get stable method names", async () => {
    const types = readFileSync(CLIENT_TYPES_FILE, "utf8");
    for (const id of ["getHealth", "getPlan", "createVariant", "getShoppingList"]) {
      expect(types).toContain(`operations["${id}"]`);
    }
  });
});
