import { describe, expect, it, vi } from "vitest";
import { type CognitoAuth, LOCAL_DEFAULT_CONFIG, loadConfig } from "../../../web/src/lib/config";

const auth: CognitoAuth = {
  kind: "cognito",
  domain: "https://larder-sandbox-1.auth.eu-west-1.amazoncognito.com",
  clientId: "console-client",
};

describe("the console's config.json", () => {
  it("is read when present: the deployed one names the hosted UI and the console's client", async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () =>
      Response.json({
        apiUrl: "https://abc.execute-api.eu-west-1.amazonaws.com",
        auth: { ...auth, userPoolId: "eu-west-1_X", region: "eu-west-1" },
      }),
    );
    expect(await loadConfig("/console/", fetch)).toEqual({
      apiUrl: "https://abc.execute-api.eu-west-1.amazonaws.com",
      auth: { ...auth, userPoolId: "eu-west-1_X", region: "eu-west-1" },
    });
    expect(fetch).toHaveBeenCalledWith("/console/config.json", { cache: "no-store" });
  });

  it("when absent (404) is the local default, dev tokens on this origin; another failure is an error", async () => {
    expect(await loadConfig("/console/", async () => new Response("", { status: 404 }))).toEqual(
      LOCAL_DEFAULT_CONFIG,
    );
    expect(LOCAL_DEFAULT_CONFIG).toEqual({ apiUrl: "", auth: { kind: "dev", defaultTenant: "demo" } });
    await expect(loadConfig("/console/", async () => new Response("", { status: 503 }))).rejects.toThrow(
      "config.json: HTTP 503",
    );
  });
});
