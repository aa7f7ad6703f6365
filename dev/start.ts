import "./polyfills";
import { startDynamoDbLocal } from "./dynamodb-local";
import { readLocalStackConfig } from "./local-config";
import { startStackPostgres } from "./local-postgres";

/** `npm start`: the whole system on loopback, until Ctrl-C or SIGTERM. */
const main = async (): Promise<void> => {
  const config = readLocalStackConfig();
  // DynamoDB Local's JVM is the slowest part and runs in its own process: spawn it first, so it starts
  // while this process loads the rest of the stack's modules and PGlite.
  const dynamo = startDynamoDbLocal(config.DYNAMODB_PORT ? { port: config.DYNAMODB_PORT } : {});
  dynamo.catch(() => undefined);
  // PGlite next: its file reads and WASM compile overlap the loading of the stack's modules.
  const postgres = startStackPostgres(config);
  postgres.starting.catch(() => undefined);
  const { startLocalStack } = await import("./local-stack").catch(async (error: unknown) => {
    await dynamo.then(
      (started) => started.stop(),
      () => undefined,
    );
    await postgres.starting.then(
      (started) => started.stop(),
      () => undefined,
    );
    throw error;
  });
  const stack = await startLocalStack(config, (line) => console.log(line), { dynamo, postgres });
  console.log(`\nLarder is up in ${Date.now() - startedAt} ms. Try:\n  curl -s ${stack.apiUrl}/health\n`);
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping…`);
    stack
      .stop()
      .then(() => process.exit(0))
      .catch(() => process.exit(1));
  };
  process.on("SIGINT", () => shutdown("SIGINT"));
  process.on("SIGTERM", () => shutdown("SIGTERM"));
};

const startedAt = Date.now();
main().catch((error: unknown) => {
  console.error(`Could not start Larder: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
