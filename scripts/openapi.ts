import { writeFileSync } from "node:fs";
import { buildOpenApiDocument } from "../functions/api-document";

/** Writes docs/openapi.json from the same zod schemas the handlers validate with. */
const document = buildOpenApiDocument();
writeFileSync(new URL("../docs/openapi.json", import.meta.url), `${JSON.stringify(document, null, 2)}\n`);
console.log(`docs/openapi.json: ${Object.keys(document.paths ?? {}).length} paths`);
