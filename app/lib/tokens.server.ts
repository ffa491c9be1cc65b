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

const fromBase64Url = (text: string) => Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));

/** The key that seals link tokens in the outbox: derived from the Worker's secret, for this use only. */
async function sealingKey(secret: string) {
  const material = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), "HKDF", false, ["deriveKey"]);
  return crypto.subtle.deriveKey(
    { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(0), info: new TextEncoder().encode("outbox link token v1") },
    material,
    { name: "AES-GCM", length: 256 },
    false,
    ["encrypt", "decrypt"],
  );
}

/**
 * A link's token as the outbox keeps it until the message is sent: AES-GCM under a key derived
 * from the Worker's secret, bound to the message (`context`: its id and recipient), so the
 * database alone opens nothing and a sealed token moved to another message opens nowhere.
 */
export async function sealToken(secret: string, token: string, context: string) {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: new TextEncoder().encode(context) },
    await sealingKey(secret),
    new TextEncoder().encode(token),
  );
  return `${toBase64Url(iv)}.${toBase64Url(new Uint8Array(sealed))}`;
}

/** The token a sealed copy holds, or null when it does not open (another secret, another message, altered). */
export async function openSealedToken(secret: string, sealed: string | null, context: string) {
  const match = sealed && /^([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{20,200})$/.exec(sealed);
  if (!match) return null;
  try {
    const opened = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: fromBase64Url(match[1]), additionalData: new TextEncoder().encode(context) },
      await sealingKey(secret),
      fromBase64Url(match[2]),
    );
    return new TextDecoder().decode(opened);
  } catch {
    return null;
  }
}
