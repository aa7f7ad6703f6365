import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { consoleBuildKey, consoleInputs } from "../../../dev/console-build.mjs";

let root: string;
const write = (file: string, content: string) => {
  mkdirSync(dirname(join(root, file)), { recursive: true });
  writeFileSync(join(root, file), content);
};

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "larder-console-inputs-"));
  write("web/index.html", "<div id=app></div>");
  write("web/src/pages/inbox.tsx", "export const Inbox = 1;");
  write("web/dist/assets/index.js", "built");
  write("web/node_modules/some-package/index.js", "installed");
  write("web/src/node_modules/nested/index.js", "installed");
  write("sdk/larder-client.ts", "export {};");
  write("sdk/larder-api.d.ts", "export {};");
  write("package-lock.json", "{}");
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("the web console's build inputs", () => {
  it("are the files under web/ but its build and installed packages, the typed client and the lock", () => {
    expect(consoleInputs(root)).toEqual([
      "package-lock.json",
      "sdk/larder-api.d.ts",
      "sdk/larder-client.ts",
      "web/index.html",
      "web/src/pages/inbox.tsx",
    ]);
  });

  it("change the key when a source changes, not when the build output does", () => {
    const key = consoleBuildKey(root);
    write("web/dist/assets/index.js", "built again");
    expect(consoleBuildKey(root)).toBe(key);
    write("web/src/pages/inbox.tsx", "export const Inbox = 2;");
    expect(consoleBuildKey(root)).not.toBe(key);
  });
});
