import { Ajv2020, type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";
import document from "../../docs/openapi.json" with { type: "json" };

// Every response a test sees is checked against docs/openapi.json, the document clients generate code
// from, with ajv (JSON Schema 2020-12, the dialect of OpenAPI 3.1). Checking the committed document rather
// than re-running the handlers' zod schemas is the point: a handler that answers a status, a field or a
// type the document does not promise fails the test that saw it, whatever the zod types say.

interface ResponseObject {
  content?: Record<string, { schema?: object }>;
}
interface OperationObject {
  operationId?: string;
  responses?: Record<string, ResponseObject>;
}
type PathItem = Record<string, OperationObject>;

const paths = document.paths as unknown as Record<string, PathItem>;

const ajv = new Ajv2020({ allErrors: true, strictTypes: false, strictTuples: false, strictRequired: false });
addFormats(ajv);
// OpenAPI's own keywords inside schemas, and the `components` carried beside each compiled schema.
ajv.addVocabulary(["example", "discriminator", "xml", "externalDocs", "components"]);

const compiled = new Map<string, ValidateFunction>();
const validatorFor = (key: string, schema: object): ValidateFunction => {
  let validate = compiled.get(key);
  if (!validate) {
    // `#/components/schemas/…` refs resolve against the root of what is compiled: carry the components.
    validate = ajv.compile({ ...schema, components: document.components });
    compiled.set(key, validate);
  }
  return validate;
};

const templates = Object.keys(paths)
  .map((template) => ({
    template,
    params: (template.match(/\{[^}]+\}/g) ?? []).length,
    pattern: new RegExp(
      `^${template
        .split(/(\{[^}]+\})/)
        .map((part) => (part.startsWith("{") ? "[^/]+" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
        .join("")}$`,
    ),
  }))
  // Literal segments win over parameters, as in API Gateway.
  .sort((a, b) => a.params - b.params);

/** The document's path template a concrete request path falls under, if any (`/plans/x` → `/plans/{snapshot_id}`). */
export const documentedPathOf = (method: string, concretePath: string): string | undefined =>
  templates.find(
    (t) => t.pattern.test(concretePath) && paths[t.template]?.[method.toLowerCase()] !== undefined,
  )?.template;

export interface SeenResponse {
  method: string;
  /** The document's path template (`/plans/{snapshot_id}`). */
  path: string;
  status: number;
  contentType: string | null;
  /** The body as text ("" when there is none). */
  text: string;
}

/**
 * Throws, naming the operation, status and each failing field, unless the document lists this status for
 * the operation and the body matches its schema (or the status has no body and none came).
 */
export const expectDocumentedResponse = (seen: SeenResponse): void => {
  const method = seen.method.toLowerCase();
  const operation = paths[seen.path]?.[method];
  const name = `${seen.method.toUpperCase()} ${seen.path}`;
  if (!operation) throw new Error(`${name} is not in docs/openapi.json`);
  const responses = operation.responses ?? {};
  const statusKey = [String(seen.status), `${String(seen.status)[0]}XX`, "default"].find(
    (k) => k in responses,
  );
  if (statusKey === undefined) {
    throw new Error(
      `${name} (${operation.operationId}) answered ${seen.status}, which docs/openapi.json does not list ` +
        `(${Object.keys(responses).join(", ")}): ${seen.text.slice(0, 300)}`,
    );
  }
  const content = responses[statusKey]?.content;
  if (!content) {
    if (seen.text !== "") throw new Error(`${name} ${seen.status} is documented without a body but sent one`);
    return;
  }
  const mediaType = seen.contentType?.split(";")[0]?.trim() ?? "";
  const schema = content[mediaType]?.schema;
  if (!schema) {
    throw new Error(
      `${name} ${seen.status} sent ${mediaType || "no content type"}, documented: ${Object.keys(content)}`,
    );
  }
  const body: unknown = JSON.parse(seen.text);
  const validate = validatorFor(`${method} ${seen.path} ${statusKey} ${mediaType}`, schema);
  if (!validate(body)) {
    const problems = (validate.errors ?? []).map((e) => `${e.instancePath || "(body)"} ${e.message}`);
    throw new Error(
      `${name} (${operation.operationId}) ${seen.status}: the body does not match docs/openapi.json: ` +
        `${problems.join("; ")}\nbody: ${seen.text.slice(0, 500)}`,
    );
  }
};
