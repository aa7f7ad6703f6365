import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import {
  dynamoDbLocalOptions,
  earlyDynamoDbLocalOptions,
  resolveDataDir,
  sameDynamoDbLocalOptions,
} from "../../../dev/data-dir-paths";
import { readLocalStackConfig } from "../../../dev/local-config";
import { repositoryRoot } from "../../../lib/repository-root";

/** What the parsed configuration starts: the options the early JVM must match to be kept. */
const parsedOptions = (env: Record<string, string | undefined>) => {
  const config = readLocalStackConfig(env);
  return dynamoDbLocalOptions(config, resolveDataDir(config, env));
};

describe("DynamoDB Local's options read before the configuration is parsed", () => {
  it.each([
    ["nothing set (the repository's .larder/)", {}],
    ["a port", { DYNAMODB_PORT: "8123" }],
    ["port 0 (a free one)", { DYNAMODB_PORT: "0" }],
    ["an absolute folder", { LARDER_DATA_DIR: "/tmp/larder-somewhere" }],
    ["a relative folder", { LARDER_DATA_DIR: "data/here", DYNAMODB_PORT: "8124" }],
    ["a test run without a folder (in memory)", { VITEST: "true" }],
  ])("are the parsed configuration's for %s", (_, env: Record<string, string>) => {
    const early = earlyDynamoDbLocalOptions(env, []);
    expect(early?.options).toEqual(parsedOptions(env));
    expect(early?.dataDir).toBe(resolveDataDir(readLocalStackConfig(env), env));
  });

  it("name the folder's database file, or none in memory", () => {
    expect(earlyDynamoDbLocalOptions({}, [])).toEqual({
      options: { dbPath: join(repositoryRoot, ".larder", "dynamodb") },
      dataDir: join(repositoryRoot, ".larder"),
    });
    expect(earlyDynamoDbLocalOptions({ LARDER_DATA_DIR: "rel" }, [])?.options).toEqual({
      dbPath: join(resolve(process.cwd(), "rel"), "dynamodb"),
    });
    expect(earlyDynamoDbLocalOptions({ VITEST: "true", DYNAMODB_PORT: "9" }, [])?.options).toEqual({
      port: 9,
    });
  });

  it.each([
    ["--fresh (it removes the folder the JVM would open)", {}, ["--fresh"]],
    ["a port that is not digits", { DYNAMODB_PORT: "80a" }, []],
    ["a port past 65535", { DYNAMODB_PORT: "70000" }, []],
    ["an empty folder name", { LARDER_DATA_DIR: "" }, []],
    ["a folder with blanks around it", { LARDER_DATA_DIR: " /tmp/x " }, []],
  ])("are not guessed for %s: the JVM waits for the parsed configuration", (_, env, argv) => {
    expect(earlyDynamoDbLocalOptions(env as Record<string, string>, argv)).toBeUndefined();
  });

  it("are compared by port and database file", () => {
    expect(sameDynamoDbLocalOptions({ dbPath: "/a/dynamodb" }, { dbPath: "/a/dynamodb" })).toBe(true);
    expect(sameDynamoDbLocalOptions({}, {})).toBe(true);
    expect(sameDynamoDbLocalOptions({ port: 1 }, {})).toBe(false);
    expect(sameDynamoDbLocalOptions({ dbPath: "/a/dynamodb" }, { dbPath: "/b/dynamodb" })).toBe(false);
  });
});
