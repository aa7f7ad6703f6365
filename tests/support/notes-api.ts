import { createRoute, z } from "@hono/zod-openapi";
import { configOnce, parseConfig } from "../../functions/core/config";
import { createAppTable, TableConfigSchema } from "../../functions/core/db/app-table";
import { NotFoundError } from "../../functions/core/errors";
import { createApi } from "../../functions/core/http/create-api";
import { toLambdaHandler } from "../../functions/core/http/lambda-handler";
import { bearerAuth, errorResponses, jsonBody, jsonResponse } from "../../functions/core/http/route-helpers";
import { createLogger } from "../../functions/core/logger";

/**
 * A test-only protected HTTP API Lambda over the real table layer: integration tests route it through
 * the local API server to check the authorizer, validation, stale writes and tenant isolation end to end.
 */
const NoteSchema = z.object({ text: z.string().min(1).max(2000) });
const NoteParams = z.object({ note_id: z.string().regex(/^[a-z0-9-]{1,40}$/) });
const PutNoteBody = NoteSchema.extend({
  expected_version: z.union([z.literal("absent"), z.number().int().min(1)]),
});
const NoteResponse = NoteSchema.extend({ note_id: z.string(), version: z.number() });
const NoteListResponse = z.object({ notes: z.array(NoteResponse), cursor: z.string().optional() });

const table = configOnce(() => createAppTable(parseConfig(TableConfigSchema)));
const logger = createLogger("test-notes");
const noteKey = (noteId: string) => ({ pk: ["TESTNOTES"], sk: [noteId] });

const putNote = createRoute({
  method: "put",
  path: "/test-notes/{note_id}",
  security: bearerAuth,
  request: { params: NoteParams, body: jsonBody(PutNoteBody) },
  responses: { 200: jsonResponse(NoteResponse, "Stored"), ...errorResponses(400, 401, 403, 409, 413) },
});

const getNote = createRoute({
  method: "get",
  path: "/test-notes/{note_id}",
  security: bearerAuth,
  request: { params: NoteParams },
  responses: { 200: jsonResponse(NoteResponse, "The note"), ...errorResponses(401, 403, 404) },
});

const listNotes = createRoute({
  method: "get",
  path: "/test-notes",
  security: bearerAuth,
  request: {
    query: z.object({
      limit: z.coerce.number().int().min(1).max(100).optional(),
      cursor: z.string().optional(),
    }),
  },
  responses: { 200: jsonResponse(NoteListResponse, "A page of notes"), ...errorResponses(400, 401, 403) },
});

export const app = createApi({ logger, auth: "required" });

app.openapi(putNote, async (c) => {
  const { note_id } = c.req.valid("param");
  const { text, expected_version } = c.req.valid("json");
  const version = await table()
    .forTenant(c.get("tenant"))
    .put(noteKey(note_id), { text }, { expectedVersion: expected_version });
  return c.json({ note_id, text, version }, 200);
});

app.openapi(getNote, async (c) => {
  const { note_id } = c.req.valid("param");
  const item = await table().forTenant(c.get("tenant")).get(noteKey(note_id), NoteSchema);
  if (!item) throw new NotFoundError(`No note ${note_id}`, { code: "note_not_found" });
  return c.json({ note_id, text: item.data.text, version: item.version }, 200);
});

app.openapi(listNotes, async (c) => {
  const { limit, cursor } = c.req.valid("query");
  const page = await table().forTenant(c.get("tenant")).query(["TESTNOTES"], NoteSchema, { limit, cursor });
  const notes = page.items.map((item) => ({
    note_id: item.key.sk[0] ?? "",
    text: item.data.text,
    version: item.version,
  }));
  return c.json(page.cursor ? { notes, cursor: page.cursor } : { notes }, 200);
});

export const handler = toLambdaHandler(app, logger);
