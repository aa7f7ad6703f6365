import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import type { CloudFormationCustomResourceEvent } from "aws-lambda";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { createPostgresWireSql } from "../../../../functions/core/sql/postgres-wire-adapter";
import type { SqlPort } from "../../../../functions/core/sql/sql-port";

// The deploy-time migration runner as CloudFormation drives it: an event with the migrations, and the
// answer PUT to the presigned URL. Here the database is the local PGlite and the URL a local server.

const answers: unknown[] = [];
const server = createServer((request: IncomingMessage, response) => {
  let body = "";
  request.on("data", (chunk: Buffer) => {
    body += chunk.toString();
  });
  request.on("end", () => {
    answers.push({ method: request.method, body: JSON.parse(body) as unknown });
    response.end();
  });
});
let responseUrl: string;
let sql: SqlPort;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  responseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/answer`;
  vi.stubEnv("DATABASE_URL", inject("databaseUrl"));
  sql = createPostgresWireSql({ url: inject("databaseUrl"), sharedSession: true });
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await sql?.close();
  await new Promise((resolve) => server.close(resolve));
});

const event = (requestType: "Create" | "Update" | "Delete", migrations: unknown) =>
  ({
    RequestType: requestType,
    ServiceToken: "arn:aws:lambda:eu-west-1:123456789012:function:migrator",
    ResponseURL: responseUrl,
    StackId: "arn:aws:cloudformation:eu-west-1:123456789012:stack/Larder-sandbox/1",
    RequestId: `req-${requestType}`,
    LogicalResourceId: "SearchMigrations",
    ResourceType: "Custom::LarderDatabaseMigrations",
    ResourceProperties: { ServiceToken: "x", Migrations: migrations },
    ...(requestType === "Create" ? {} : { PhysicalResourceId: "larder-database-migrations" }),
  }) as CloudFormationCustomResourceEvent;

describe("the deploy-time migration custom resource", () => {
  it("applies new migrations, answers SUCCESS naming them, and applies nothing twice", async () => {
    const { handler } = await import("../../../../functions/platform/entries/migrate-database");
    const suffix = `${Date.now()}${Math.floor(Math.random() * 1e6)}`;
    const migrations = [{ name: `9101_cr_${suffix}`, sql: `CREATE TABLE cr_${suffix} (n int);` }];
    await handler(event("Create", migrations));
    await handler(event("Update", migrations));
    expect(answers).toEqual([
      {
        method: "PUT",
        body: expect.objectContaining({
          Status: "SUCCESS",
          PhysicalResourceId: "larder-database-migrations",
          RequestId: "req-Create",
          LogicalResourceId: "SearchMigrations",
          Data: { Applied: `9101_cr_${suffix}` },
        }),
      },
      { method: "PUT", body: expect.objectContaining({ Status: "SUCCESS", Data: { Applied: "" } }) },
    ]);
    const table = await sql.query("SELECT to_regclass($1)::text AS t", [`cr_${suffix}`]);
    expect(table.rows).toEqual([{ t: `cr_${suffix}` }]);
  });

  it("answers FAILED with the reason when a migration fails or the properties are malformed, and Delete touches nothing", async () => {
    const { handler } = await import("../../../../functions/platform/entries/migrate-database");
    answers.length = 0;
    await handler(event("Update", [{ name: "9102_cr_broken", sql: "SELECT 1/0;" }]));
    await handler(event("Update", "not a list"));
    await handler(event("Delete", [{ name: "9103_cr_never", sql: "CREATE TABLE cr_never (n int);" }]));
    const bodies = answers.map((a) => (a as { body: { Status: string; Reason: string } }).body);
    expect(bodies.map((b) => b.Status)).toEqual(["FAILED", "FAILED", "SUCCESS"]);
    expect(bodies[0]?.Reason).toMatch(/division by zero/);
    const never = await sql.query("SELECT to_regclass('cr_never')::text AS t");
    expect(never.rows).toEqual([{ t: null }]);
  });
});
