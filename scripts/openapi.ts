import { writeFileSync } from "node:fs";
import { buildOpenApiDocument } from "../lib/api-document";
import { CLIENT_TYPES_FILE, renderClientTypes } from "./client-types";

/**
 * Writes docs/openapi.json from the same zod schemas the handlers validate with, and the typed client's
 * types (sdk/larder-api.d.ts) from that document.
 */
const document = await buildOpenApiDocument();
writeFileSync(new URL("../docs/openapi.json", import.meta.url), `${JSON.stringify(document, null, 2)}\n`);
console.log(`docs/openapi.json: ${Object.keys(document.paths ?? {}).length} paths`);
writeFileSync(CLIENT_TYPES_FILE, await renderClientTypes(document));
console.log("sdk/larder-api.d.ts: regenerated");
