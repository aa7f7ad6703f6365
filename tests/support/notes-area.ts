import type { FunctionDefinition, RouteDefinition } from "../../lib/definition-types";

/** The test-only notes Lambda (tests/support/notes-api.ts) as the local API server loads it. */
export const testNotesFunction: FunctionDefinition = {
  id: "TestNotesApi",
  entry: "tests/support/notes-api.ts",
  handler: "handler",
  description: "Test-only protected routes over the table layer",
  needs: ["table"],
};

export const testNotesRoutes: RouteDefinition[] = [
  { route: "GET /test-notes", functionId: testNotesFunction.id },
  { route: "GET /test-notes/{note_id}", functionId: testNotesFunction.id },
  { route: "PUT /test-notes/{note_id}", functionId: testNotesFunction.id },
];
