import { createServer, type Server } from "node:http";
import { DynamoDBClient, ListTablesCommand } from "@aws-sdk/client-dynamodb";
import { afterEach, describe, expect, it } from "vitest";
import { type DynamoDbLocal, startDynamoDbLocal } from "../../../dev/dynamodb-local";
import { findFreePort } from "../../../dev/free-port";
import { LOCAL_DYNAMODB_CLIENT_CONFIG } from "../../../functions/core/db/app-table";
import { isRunning } from "../../support/processes";
import { scaledTimeout } from "../../support/test-timeouts";

// A port found free can be taken by another process before the JVM binds it seconds later. The listener
// here answers ListTables like a DynamoDB would, so only the check that the listener is our JVM tells.

let foreign: Server | undefined;
let started: DynamoDbLocal | undefined;
afterEach(async () => {
  // stop() ends the guardian by its pid (and the JVM with it), whether or not the test passed.
  await started?.stop();
  started = undefined;
  await new Promise((resolve) => (foreign ? foreign.close(resolve) : resolve(undefined)));
  foreign = undefined;
});

const startForeignDynamoDb = async (): Promise<number> => {
  foreign = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "application/x-amz-json-1.0" });
    response.end(JSON.stringify({ TableNames: ["someone-elses-table"] }));
  });
  await new Promise<void>((resolve) => foreign?.listen(0, "127.0.0.1", resolve));
  const address = foreign.address();
  if (!address || typeof address !== "object") throw new Error("no port");
  return address.port;
};

describe("DynamoDB Local on a port another process took first", () => {
  it(
    "starts again on a fresh port instead of using the other listener",
    async () => {
      const takenPort = await startForeignDynamoDb();
      const offered: number[] = [];
      started = await startDynamoDbLocal({
        timeoutMs: scaledTimeout(90_000),
        findPort: async () => {
          const port = offered.length === 0 ? takenPort : await findFreePort();
          offered.push(port);
          return port;
        },
      });
      expect(offered).toHaveLength(2);
      expect(offered[0]).toBe(takenPort);
      expect(started.port).toBe(offered[1]);
      expect(started.endpoint).toBe(`http://127.0.0.1:${offered[1]}`);
      expect(started.pid !== undefined && isRunning(started.pid)).toBe(true);
      const client = new DynamoDBClient({ endpoint: started.endpoint, ...LOCAL_DYNAMODB_CLIENT_CONFIG });
      try {
        expect((await client.send(new ListTablesCommand({}))).TableNames).toEqual([]);
      } finally {
        client.destroy();
      }
    },
    scaledTimeout(240_000),
  );
});
