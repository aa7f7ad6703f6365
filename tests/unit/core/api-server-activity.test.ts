import type { APIGatewayProxyStructuredResultV2 } from "aws-lambda";
import { afterEach, describe, expect, it } from "vitest";
import { type RunningApiServer, startApiServer } from "../../../dev/api-server";
import { createApiActivity } from "../../../dev/background-work";
import type { FunctionDefinition } from "../../../lib/definition-types";
import { waitUntil } from "../../support/wait-until";

// The local API tells the stack's background work (dev/background-work.ts) which requests are in flight.

const slow: FunctionDefinition = {
  id: "Slow",
  entry: "(in memory)",
  handler: "handler",
  description: "Answers when the test lets it",
  needs: [],
};

let server: RunningApiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe("the local API's activity", () => {
  it("counts a request from its arrival until its answer is sent, a refused one included", async () => {
    const activity = createApiActivity();
    let answer: (result: APIGatewayProxyStructuredResultV2) => void = () => undefined;
    server = await startApiServer({
      host: "127.0.0.1",
      port: 0,
      routes: [{ route: "GET /slow", functionId: slow.id, public: true }],
      functions: [slow],
      loadHandler: async () => () =>
        new Promise<APIGatewayProxyStructuredResultV2>((resolve) => {
          answer = resolve;
        }),
      activity,
    });
    let idle = 0;
    activity.onIdle(() => idle++);
    const response = fetch(`${server.url}/slow`);
    await waitUntil("the request to be in flight", () => activity.inFlight() === 1);
    answer({ statusCode: 200, body: "done" });
    expect(await (await response).text()).toBe("done");
    await waitUntil("the request to end", () => activity.inFlight() === 0);
    expect(idle).toBe(1);

    // A route that does not exist is answered too, and ends.
    expect((await fetch(`${server.url}/nowhere`)).status).toBe(404);
    await waitUntil("the refused request to end", () => activity.inFlight() === 0 && idle === 2);
  });
});
