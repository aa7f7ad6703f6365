/**
 * PKCE (RFC 7636) with WebCrypto: a code verifier of 43 characters from 32 random bytes, and its S256
 * challenge, base64url(SHA-256(verifier)). Pure: the browser and the unit tests run the same code.
 */

/** base64url without padding (RFC 4648 §5), the encoding PKCE and JWTs use. */
export const base64Url = (bytes: Uint8Array): string => {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
};

/** `size` random bytes, base64url: 32 bytes give the 43 characters of [A-Za-z0-9_-] RFC 7636 asks for at least. */
export const randomToken = (size = 32): string => base64Url(crypto.getRandomValues(new Uint8Array(size)));

export const createCodeVerifier = (): string => randomToken(32);

/** The S256 code challenge of a verifier. */
export const codeChallengeOf = async (verifier: string): Promise<string> =>
  base64Url(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier))));
