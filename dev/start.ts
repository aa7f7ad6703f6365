import "./polyfills";
import { readLocalStackConfig } from "./local-config";
import { startLocalStack } from "./local-stack";

/** `npm start`: the whole system on loopback, until Ctrl-C or SIGTERM. */
const main = async (): Promise<void> => {
  const config = readLocalStackConfig();
  const stack = await startLocalStack(config, (line) => console.log(line));
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
