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

async function hmac(secret: string, value: string) {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return toBase64Url(new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(value))));
}

/**
 * The token of a message's one-click unsubscribe link: the message's id and its signature, so
 * nothing is stored and the link names no address.
 */
export async function signMessageToken(secret: string, messageId: string) {
  return `${messageId}.${await hmac(`unsubscribe:${secret}`, messageId)}`;
}

/** The message id a token signs, or null when the token is not one of ours. */
export async function verifyMessageToken(secret: string, token: string) {
  const match = /^([0-9a-f-]{16,64})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const expected = await signMessageToken(secret, match[1]);
  // Compared in full whatever differs first: the signature is not guessable a character at a time.
  let differ = expected.length ^ token.length;
  for (let i = 0; i < expected.length; i++) differ |= expected.charCodeAt(i) ^ token.charCodeAt(i);
  return differ === 0 ? match[1] : null;
}
