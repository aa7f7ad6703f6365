import { describe, expect, it } from "vitest";
import { chromiumArchiveDirectory } from "../../../../../functions/shop/adapters/store/browser/launch-chromium";

describe("chromiumArchiveDirectory", () => {
  it("is CHROMIUM_BIN_DIR when set, where the Lambda package carries Chromium's archives", () => {
    expect(chromiumArchiveDirectory({ CHROMIUM_BIN_DIR: "/var/task/chromium-bin" })).toBe(
      "/var/task/chromium-bin",
    );
  });

  it("is left to @sparticuz/chromium's own default when the variable is unset or blank", () => {
    expect(chromiumArchiveDirectory({})).toBeUndefined();
    expect(chromiumArchiveDirectory({ CHROMIUM_BIN_DIR: "  " })).toBeUndefined();
  });
});
