import { describe, expect, it } from "vitest";
import { parseConfig } from "../../../../functions/core/config";
import {
  cursorKeyFromSecret,
  derivedCursorKey,
  openCursor,
  sealCursor,
} from "../../../../functions/core/db/cursor";
import { cursorKeySource, requireClientCursorKey } from "../../../../functions/core/db/cursor-key";
import { TableConfigSchema } from "../../../../functions/core/db/table-config";
import { ConfigError, ValidationError } from "../../../../functions/core/errors";

const SECRET = "a".repeat(20) + "b".repeat(44);
const LAMBDA = { AWS_LAMBDA_FUNCTION_NAME: "larder-dev-ShopApi" };

/** A reader that counts its reads and answers `answers` in turn (an Error is thrown). */
const readerOf = (...answers: (string | Error)[]) => {
  const reads: string[] = [];
  return {
    reads,
    read: async (secretId: string) => {
      reads.push(secretId);
      const answer = answers[Math.min(reads.length - 1, answers.length - 1)];
      if (answer instanceof Error) throw answer;
      return answer as string;
    },
  };
};

describe("the table config's cursor key", () => {
  it("parses CURSOR_KEY_SECRET_ID with the table's variables, and refuses a short CURSOR_KEY by name", () => {
    const config = parseConfig(TableConfigSchema, {
      TABLE_NAME: "t",
      CURSOR_KEY_SECRET_ID: "arn:secret",
      ...LAMBDA,
    });
    expect(config).toMatchObject({
      CURSOR_KEY_SECRET_ID: "arn:secret",
      AWS_LAMBDA_FUNCTION_NAME: LAMBDA.AWS_LAMBDA_FUNCTION_NAME,
    });
    expect(() => parseConfig(TableConfigSchema, { TABLE_NAME: "t", CURSOR_KEY: "short" })).toThrow(
      /CURSOR_KEY/,
    );
  });

  it("deployed, reads the secret once, on the first list, and seals with it", async () => {
    const reader = readerOf(SECRET);
    const source = cursorKeySource(
      { TABLE_NAME: "t", CURSOR_KEY_SECRET_ID: "arn:cursor", ...LAMBDA },
      reader.read,
    );
    expect(reader.reads).toEqual([]);
    const [first, second] = await Promise.all([source(), source()]);
    expect(await source()).toBe(first);
    expect(second).toBe(first);
    expect(reader.reads).toEqual(["arn:cursor"]);
    expect(first).toEqual(cursorKeyFromSecret(SECRET));
    // Not the key anyone can derive from the table's name.
    expect(first.equals(derivedCursorKey("t"))).toBe(false);
  });

  it("reads again after a failed read, and refuses a secret shorter than 32 characters by its id", async () => {
    const reader = readerOf(new Error("throttled"), SECRET);
    const source = cursorKeySource(
      { TABLE_NAME: "t", CURSOR_KEY_SECRET_ID: "arn:cursor", ...LAMBDA },
      reader.read,
    );
    await expect(source()).rejects.toThrow("throttled");
    expect(await source()).toEqual(cursorKeyFromSecret(SECRET));
    const short = cursorKeySource(
      { TABLE_NAME: "t", CURSOR_KEY_SECRET_ID: "arn:short", ...LAMBDA },
      readerOf("x").read,
    );
    const refused = await source()
      .then(() => short())
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ConfigError);
    expect((refused as Error).message).toMatch(/arn:short holds 1 characters; it needs at least 32/);
  });

  it("deployed without the secret, a function's own cursors work within it, and no other container opens them", async () => {
    const one = await cursorKeySource({ TABLE_NAME: "t", ...LAMBDA })();
    const other = await cursorKeySource({ TABLE_NAME: "t", ...LAMBDA })();
    const cursor = sealCursor(one, "list", { pk: "T#a#X", sk: "1" });
    expect(openCursor(one, "list", cursor)).toEqual({ pk: "T#a#X", sk: "1" });
    expect(() => openCursor(other, "list", cursor)).toThrow(ValidationError);
    expect(() => openCursor(derivedCursorKey("t"), "list", cursor)).toThrow(ValidationError);
  });

  it("locally (no Lambda), derives a stable key from the table's name; CURSOR_KEY wins everywhere", async () => {
    expect(await cursorKeySource({ TABLE_NAME: "t" })()).toEqual(derivedCursorKey("t"));
    const given = await cursorKeySource({
      TABLE_NAME: "t",
      CURSOR_KEY: SECRET,
      CURSOR_KEY_SECRET_ID: "arn:x",
      ...LAMBDA,
    })();
    expect(given).toEqual(cursorKeyFromSecret(SECRET));
  });

  it("fails a function whose lists page to clients at cold start when deployed without the secret, naming it", () => {
    const missing = (() => {
      try {
        requireClientCursorKey({ ...LAMBDA });
        return undefined;
      } catch (error) {
        return error;
      }
    })();
    expect(missing).toBeInstanceOf(ConfigError);
    expect((missing as Error).message).toMatch(/CURSOR_KEY_SECRET_ID is required/);
    expect(() => requireClientCursorKey({ ...LAMBDA, CURSOR_KEY_SECRET_ID: "arn:cursor" })).not.toThrow();
    expect(() => requireClientCursorKey({})).not.toThrow();
  });
});
