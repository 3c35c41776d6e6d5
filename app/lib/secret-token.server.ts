// Secret tokens handed to a browser or a script (session tokens, calendar feed links):
// 256 random bits in base64url, of which only the SHA-256 hash is ever stored.

/** The hex SHA-256 of a token: what the database keeps and looks tokens up by. */
export async function sha256(value: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(value));
  return Buffer.from(digest).toString("hex");
}

/** A new secret: 32 random bytes, 43 base64url characters. */
export function newToken(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");
}

/** Whether a string has the shape of a token from `newToken` (checked before any lookup). */
export function isTokenShaped(value: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(value);
}
