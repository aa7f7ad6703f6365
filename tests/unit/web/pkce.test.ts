import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { base64Url, codeChallengeOf, createCodeVerifier } from "../../../web/src/lib/pkce";

describe("the console's PKCE", () => {
  it("makes verifiers of 43 characters of RFC 7636's unreserved set, a new one each time", () => {
    const verifiers = Array.from({ length: 50 }, () => createCodeVerifier());
    for (const verifier of verifiers) {
      expect(verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    }
    expect(new Set(verifiers).size).toBe(verifiers.length);
  });

  it("derives the S256 challenge: RFC 7636 appendix B's example", async () => {
    expect(await codeChallengeOf("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")).toBe(
      "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
    );
  });

  it("is base64url(SHA-256(verifier)) without padding for any verifier", async () => {
    for (let i = 0; i < 20; i++) {
      const verifier = createCodeVerifier();
      const expected = createHash("sha256").update(verifier).digest("base64url");
      const challenge = await codeChallengeOf(verifier);
      expect(challenge).toBe(expected);
      expect(challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    }
  });

  it("encodes bytes as base64url: - and _ for + and /, no =", () => {
    expect(base64Url(new Uint8Array([0xfb, 0xff, 0xfe]))).toBe("-__-");
    expect(base64Url(new Uint8Array([0x61]))).toBe("YQ");
  });
});
