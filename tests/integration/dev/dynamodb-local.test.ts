import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type DynamoDbLocal, startDynamoDbLocal } from "../../../dev/dynamodb-local";
import { scaledTimeout } from "../../support/test-timeouts";

// Every in-memory DynamoDB Local (each test run starts several) gets a temporary working directory for
// the metadata file it writes; a reviewer found 261 of them left in /tmp.

let started: DynamoDbLocal | undefined;
const kept: string[] = [];
afterEach(async () => {
  await started?.stop();
  started = undefined;
  for (const dir of kept.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("DynamoDB Local's working directory", () => {
  it(
    "is a temporary one in memory, removed when it stops",
    async () => {
      started = await startDynamoDbLocal({ timeoutMs: scaledTimeout(90_000) });
      const { workDir } = started;
      expect(workDir.startsWith(join(tmpdir(), "larder-dynamodb-"))).toBe(true);
      expect(existsSync(workDir)).toBe(true);
      await started.stop();
      expect(existsSync(workDir)).toBe(false);
    },
    scaledTimeout(240_000),
  );

  it(
    "is the kept folder with a dbPath, which stays after it stops",
    async () => {
      const dbPath = mkdtempSync(join(tmpdir(), "larder-dynamodb-kept-test-"));
      kept.push(dbPath);
      started = await startDynamoDbLocal({ dbPath, timeoutMs: scaledTimeout(90_000) });
      expect(started.workDir).toBe(dbPath);
      await started.stop();
      expect(existsSync(dbPath)).toBe(true);
    },
    scaledTimeout(240_000),
  );
});
