import type { Middleware } from "openapi-fetch";
import { createLarderClient, type LarderClient } from "../../sdk/larder-client";
import { expectDocumentedResponse } from "./openapi-response-validator";

/**
 * openapi-fetch middleware that checks every response against docs/openapi.json (status listed, body
 * matching its schema) before the test reads it; a mismatch rejects the call with the reason.
 */
export const documentedResponsesOnly: Middleware = {
  async onResponse({ request, response, schemaPath }) {
    expectDocumentedResponse({
      method: request.method,
      path: schemaPath,
      status: response.status,
      contentType: response.headers.get("content-type"),
      text: await response.clone().text(),
    });
    return undefined;
  },
};

/** The generated client as a test uses it: the dev token of `tenant` (none with `null`), every answer checked. */
export const checkedClient = (baseUrl: string, tenant: string | null): LarderClient =>
  createLarderClient({
    baseUrl,
    ...(tenant === null ? {} : { token: `dev:${tenant}` }),
    middleware: [documentedResponsesOnly],
  });
