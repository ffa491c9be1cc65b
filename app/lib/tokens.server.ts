// Single-use tokens for links sent by e-mail: 32 random bytes in the link, only their SHA-256 in D1,
// so a copy of the database opens no account.

const toBase64Url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");

/** The token's stored form. */
export async function hashToken(token: string) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token)));
  return [...digest].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** A fresh token for a link, and its hash for the database. */
export async function makeToken() {
  const token = toBase64Url(crypto.getRandomValues(new Uint8Array(32)));
  return { token, hash: await hashToken(token) };
}

/** What a token in a link looks like (43 base64url characters); anything else is refused unread. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
