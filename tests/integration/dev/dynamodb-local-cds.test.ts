import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DynamoDBClient, ListTablesCommand } from "@aws-sdk/client-dynamodb";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { type DynamoDbLocal, findJar, findJava, startDynamoDbLocal } from "../../../dev/dynamodb-local";
import { classArchiveKey, libraryJars, mapsFile } from "../../../dev/dynamodb-local-cds";
import { LOCAL_DYNAMODB_CLIENT_CONFIG } from "../../../functions/core/db/app-table";
import { scaledTimeout } from "../../support/test-timeouts";
import { waitUntil } from "../../support/wait-until";

// The real JVM and the real `java -Xshare:dump`, each with its own cache folder (never the project's).

const cacheDirs: string[] = [];
const newCacheDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "larder-cds-test-"));
  cacheDirs.push(dir);
  return dir;
};
let started: DynamoDbLocal | undefined;
afterEach(async () => {
  await started?.stop();
  started = undefined;
});
afterAll(() => {
  for (const dir of cacheDirs) rmSync(dir, { recursive: true, force: true });
});

const archiveOf = (cacheDir: string): string => {
  const { jar, libDir } = findJar();
  return join(cacheDir, classArchiveKey(findJava(), jar, libraryJars(libDir)), "classes.jsa");
};

const listTables = async (endpoint: string): Promise<string[] | undefined> => {
  const client = new DynamoDBClient({ endpoint, ...LOCAL_DYNAMODB_CLIENT_CONFIG });
  try {
    return (await client.send(new ListTablesCommand({}))).TableNames;
  } finally {
    client.destroy();
  }
};

describe("DynamoDB Local's class-data archive", () => {
  it(
    "is built after a start without one, and the next start's JVM maps it",
    async () => {
      const cacheDir = newCacheDir();
      const archive = archiveOf(cacheDir);
      started = await startDynamoDbLocal({ classArchiveDir: cacheDir, timeoutMs: scaledTimeout(90_000) });
      expect(await listTables(started.endpoint)).toEqual([]);
      // Built by a detached dump once the JVM answered, whether or not this start is still running.
      await started.stop();
      started = undefined;
      await waitUntil("the class-data archive", () => existsSync(archive), 180_000);
      await waitUntil(
        "the dump's lock to go",
        () => !existsSync(join(archive, "..", "dumping.lock")),
        30_000,
      );
      expect(readdirSync(join(archive, "..")).sort()).toEqual(["DynamoDBLocal.jar", "classes.jsa"]);

      started = await startDynamoDbLocal({ classArchiveDir: cacheDir, timeoutMs: scaledTimeout(90_000) });
      expect(await listTables(started.endpoint)).toEqual([]);
      expect(mapsFile(started.javaPid, archive)).toBe(true);
    },
    scaledTimeout(300_000),
  );

  it(
    "never stops a start when damaged, and is removed to be built again",
    async () => {
      const cacheDir = newCacheDir();
      const archive = archiveOf(cacheDir);
      mkdirSync(join(archive, ".."), { recursive: true });
      writeFileSync(archive, "not a class-data archive\n".repeat(1000));
      started = await startDynamoDbLocal({ classArchiveDir: cacheDir, timeoutMs: scaledTimeout(90_000) });
      expect(await listTables(started.endpoint)).toEqual([]);
      expect(mapsFile(started.javaPid, archive)).toBe(false);
      expect(existsSync(archive)).toBe(false);
    },
    scaledTimeout(120_000),
  );

  it(
    "falls back to -jar when the JVM started with it exits before answering",
    async () => {
      const cacheDir = newCacheDir();
      const archive = archiveOf(cacheDir);
      mkdirSync(join(archive, ".."), { recursive: true });
      // The class path's DynamoDBLocal.jar leads nowhere: no main class, the JVM exits at once.
      symlinkSync(join(cacheDir, "no-such.jar"), join(archive, "..", "DynamoDBLocal.jar"));
      started = await startDynamoDbLocal({ classArchiveDir: cacheDir, timeoutMs: scaledTimeout(90_000) });
      expect(await listTables(started.endpoint)).toEqual([]);
      const command = readFileSync(`/proc/${started.javaPid}/cmdline`, "utf8").split("\0");
      expect(command).toContain("-jar");
      expect(command.some((arg) => arg.startsWith("-XX:DumpLoadedClassList="))).toBe(false);
    },
    scaledTimeout(120_000),
  );
});
