import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { z } from "zod";
import { type RunningApiServer, startApiServer } from "../../../dev/api-server";
import { loadFunctionHandler } from "../../../dev/load-handler";
import type { HttpApiHandler } from "../../../functions/core/http/lambda-handler";
import { allFunctions, allRoutes } from "../../../lib/areas";
import { issuePaths, parseErrorBody } from "../../support/error-body";
import { testNotesFunction, testNotesRoutes } from "../../support/notes-area";
import { createTestTable } from "../../support/table";

// The local API Gateway in front of the real handlers: the app's own routes (lib/areas) plus a
// test-only protected notes API (tests/support/notes-api.ts) over DynamoDB Local.

const NoteResponse = z.object({ note_id: z.string(), text: z.string(), version: z.number() });
const NoteList = z.object({ notes: z.array(NoteResponse), cursor: z.string().optional() });
const Health = z.object({
  status: z.enum(["ok", "degraded"]),
  checks: z.record(z.string(), z.object({ status: z.string() })),
});

const brokenFunction = {
  id: "TestBrokenApi",
  entry: "tests/support/notes-area.ts",
  handler: "noSuchExport",
  description: "A function whose entry has no handler export",
  needs: [],
};

let testTable: Awaited<ReturnType<typeof createTestTable>>;
let server: RunningApiServer;

beforeAll(async () => {
  testTable = await createTestTable();
  // The handlers read what CDK sets in Lambda; this worker's environment only.
  vi.stubEnv("TABLE_NAME", testTable.tableName);
  vi.stubEnv("DYNAMODB_ENDPOINT", testTable.endpoint);
  vi.stubEnv("DATABASE_URL", inject("databaseUrl"));
  server = await startApiServer({
    host: "127.0.0.1",
    port: 0,
    routes: [
      ...allRoutes(),
      ...testNotesRoutes,
      { route: "GET /broken", functionId: brokenFunction.id, public: true },
    ],
    functions: [...allFunctions(), testNotesFunction, brokenFunction],
    loadHandler: (fn) => loadFunctionHandler<HttpApiHandler>(fn),
  });
});

afterAll(async () => {
  await server?.close();
  await testTable?.drop();
  vi.unstubAllEnvs();
});

interface CallOptions {
  tenant?: string;
  authorization?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

const call = async (method: string, path: string, options: CallOptions = {}) => {
  const headers: Record<string, string> = { ...options.headers };
  if (options.tenant) headers.authorization = `Bearer dev:${options.tenant}`;
  if (options.authorization) headers.authorization = options.authorization;
  let body: string | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === "string" ? options.body : JSON.stringify(options.body);
    headers["content-type"] ??= "application/json";
  }
  const res = await fetch(`${server.url}${path}`, { method, headers, body });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, json: (): unknown => JSON.parse(text) };
};

let noteCounter = 0;
const freshNoteId = () => `note-${++noteCounter}`;

describe("local API server: public routes", () => {
  it("answers GET /health with 200 and status ok without a token", async () => {
    const res = await call("GET", "/health");
    expect(res.status).toBe(200);
    expect(Health.parse(res.json())).toEqual({
      status: "ok",
      // The model's check reads the breakers, never a model: ok while no provider failed recently.
      checks: { table: { status: "ok" }, database: { status: "ok" }, model: { status: "ok" } },
    });
  });

  it("serves the OpenAPI document at GET /openapi.json", async () => {
    const res = await call("GET", "/openapi.json");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    const file = JSON.parse(readFileSync(new URL("../../../docs/openapi.json", import.meta.url), "utf8"));
    const served = res.json() as { servers: { url: string }[] };
    // The file as generated, but its first server is the one that answered (the port actually served).
    expect({ ...served, servers: file.servers }).toEqual(file);
    expect(served.servers[0]?.url).toBe(server.url);
  });

  it("answers an unknown route with a JSON 404", async () => {
    const res = await call("GET", "/no-such-route");
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    const error = parseErrorBody(res.json());
    expect(error.code).toBe("route_not_found");
    expect(error.message).toContain("/no-such-route");
  });

  it("answers a known path with an unrouted method with a JSON 404", async () => {
    const res = await call("DELETE", "/health");
    expect(res.status).toBe(404);
    expect(parseErrorBody(res.json()).code).toBe("route_not_found");
  });

  it("answers a crashed handler with a generic 500 that shows no internals", async () => {
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const res = await call("GET", "/broken");
      expect(res.status).toBe(500);
      expect(res.json()).toEqual({ error: { code: "internal", message: "Internal server error" } });
      expect(res.text).not.toContain("noSuchExport");
      expect(consoleError).toHaveBeenCalled();
    } finally {
      consoleError.mockRestore();
    }
  });
});

describe("local API server: the authorizer", () => {
  it("answers 401 in the error shape to a protected route without a token", async () => {
    const res = await call("GET", "/test-notes");
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toBe("Bearer");
    expect(parseErrorBody(res.json()).code).toBe("unauthorized");
  });

  it.each([
    ["a real-looking JWT", "Bearer eyJhbGciOiJSUzI1NiJ9.eyJ0ZW5hbnQiOiJhbGljZSJ9.c2ln"],
    ["a dev token with an invalid tenant", "Bearer dev:alice#TESTNOTES"],
    ["another scheme", "Basic YWxpY2U6cHc="],
  ])("answers 401 to %s", async (_what, authorization) => {
    const res = await call("PUT", `/test-notes/${freshNoteId()}`, {
      authorization,
      body: { text: "x", expected_version: "absent" },
    });
    expect(res.status).toBe(401);
  });

  it("passes the dev token's tenant to the handler as JWT claims", async () => {
    const noteId = freshNoteId();
    const put = await call("PUT", `/test-notes/${noteId}`, {
      tenant: "alice",
      body: { text: "hello", expected_version: "absent" },
    });
    expect(put.status).toBe(200);
    expect(NoteResponse.parse(put.json())).toEqual({ note_id: noteId, text: "hello", version: 1 });
    expect(put.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("local API server: validation", () => {
  it("answers 400 naming the body field that fails validation", async () => {
    const res = await call("PUT", `/test-notes/${freshNoteId()}`, {
      tenant: "alice",
      body: { text: "", expected_version: "absent" },
    });
    expect(res.status).toBe(400);
    expect(issuePaths(parseErrorBody(res.json()).details)).toEqual(["body.text"]);
  });

  it("answers 400 naming a path parameter that fails validation", async () => {
    const res = await call("PUT", "/test-notes/NOT_OK", {
      tenant: "alice",
      body: { text: "x", expected_version: 1 },
    });
    expect(res.status).toBe(400);
    expect(issuePaths(parseErrorBody(res.json()).details)).toEqual(["path.note_id"]);
  });

  it("answers 400 naming a path parameter with broken percent-encoding, not a 500", async () => {
    const res = await call("GET", "/test-notes/a%E0%A4%A", { tenant: "alice" });
    expect(res.status).toBe(400);
    expect(issuePaths(parseErrorBody(res.json()).details)).toEqual(["path.note_id"]);
  });

  it("answers 400 naming a query parameter that fails validation", async () => {
    const res = await call("GET", "/test-notes?limit=0", { tenant: "alice" });
    expect(res.status).toBe(400);
    expect(issuePaths(parseErrorBody(res.json()).details)).toEqual(["query.limit"]);
  });

  it("answers 400 to malformed JSON", async () => {
    const res = await call("PUT", `/test-notes/${freshNoteId()}`, { tenant: "alice", body: '{"text": ' });
    expect(res.status).toBe(400);
    expect(parseErrorBody(res.json()).code).toBe("malformed_request");
  });

  it("answers 413 to a body over the handlers' limit", async () => {
    const res = await call("PUT", `/test-notes/${freshNoteId()}`, {
      tenant: "alice",
      body: { text: "x".repeat(300 * 1024), expected_version: "absent" },
    });
    expect(res.status).toBe(413);
    expect(parseErrorBody(res.json()).code).toBe("body_too_large");
  });
});

describe("local API server: writes and tenancy on DynamoDB Local", () => {
  const put = (tenant: string, noteId: string, text: string, expected_version: number | "absent") =>
    call("PUT", `/test-notes/${noteId}`, { tenant, body: { text, expected_version } });

  it("answers 409 to a create-only write of a note that exists", async () => {
    const noteId = freshNoteId();
    expect((await put("alice", noteId, "first", "absent")).status).toBe(200);
    const again = await put("alice", noteId, "second", "absent");
    expect(again.status).toBe(409);
    expect(parseErrorBody(again.json()).code).toBe("stale_write");
  });

  it("lets one of two writers with the same version win and answers the other 409", async () => {
    const noteId = freshNoteId();
    await put("alice", noteId, "base", "absent");
    const results = await Promise.all([put("alice", noteId, "A", 1), put("alice", noteId, "B", 1)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = results.find((r) => r.status === 200);
    const stored = NoteResponse.parse(
      (await call("GET", `/test-notes/${noteId}`, { tenant: "alice" })).json(),
    );
    expect(stored.version).toBe(2);
    expect(stored.text).toBe(winner ? NoteResponse.parse(winner.json()).text : "no winner");
  });

  it("answers 409 to a write holding a version someone else replaced", async () => {
    const noteId = freshNoteId();
    await put("alice", noteId, "v1", "absent");
    expect((await put("alice", noteId, "v2", 1)).status).toBe(200);
    const stale = await put("alice", noteId, "late", 1);
    expect(stale.status).toBe(409);
    expect(parseErrorBody(stale.json()).code).toBe("stale_write");
  });

  it("does not let one tenant read another tenant's note", async () => {
    const noteId = freshNoteId();
    await put("alice", noteId, "alice's secret", "absent");
    const bobsRead = await call("GET", `/test-notes/${noteId}`, { tenant: "bob" });
    expect(bobsRead.status).toBe(404);
    expect(bobsRead.text).not.toContain("secret");
    const alicesRead = await call("GET", `/test-notes/${noteId}`, { tenant: "alice" });
    expect(NoteResponse.parse(alicesRead.json()).text).toBe("alice's secret");
  });

  it("does not let one tenant overwrite another tenant's note under the same id", async () => {
    const noteId = freshNoteId();
    await put("alice", noteId, "alice's", "absent");
    expect((await put("bob", noteId, "bob's", 1)).status).toBe(409);
    expect((await put("bob", noteId, "bob's", "absent")).status).toBe(200);
    const alices = NoteResponse.parse(
      (await call("GET", `/test-notes/${noteId}`, { tenant: "alice" })).json(),
    );
    expect(alices).toMatchObject({ text: "alice's", version: 1 });
  });

  it("lists only the caller's notes and refuses another tenant's cursor with a 400", async () => {
    await put("carol", freshNoteId(), "carol 1", "absent");
    await put("carol", freshNoteId(), "carol 2", "absent");
    const davesList = NoteList.parse((await call("GET", "/test-notes", { tenant: "dave" })).json());
    expect(davesList.notes).toEqual([]);
    const carolsPage = NoteList.parse((await call("GET", "/test-notes?limit=1", { tenant: "carol" })).json());
    expect(carolsPage.notes).toHaveLength(1);
    expect(carolsPage.cursor).toBeDefined();
    const forged = await call("GET", `/test-notes?cursor=${carolsPage.cursor ?? ""}`, { tenant: "dave" });
    expect(forged.status).toBe(400);
    expect(issuePaths(parseErrorBody(forged.json()).details)).toEqual(["cursor"]);
  });
});
