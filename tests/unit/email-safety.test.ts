import { describe, expect, it } from "vitest";
import { composeEmail, emailHeaders, oneLine, withSecrets } from "~/lib/email";
import { siteLink, siteUrl, isLoopbackSite } from "~/lib/site";
import { openSealedToken, sealToken } from "~/lib/tokens.server";

// What an e-mail may carry (issue 37): links to the configured site only, headers on one line,
// and link tokens that only the sender opens.

describe("the site's address", () => {
  it("is SITE_URL's origin, and every link is a path of it", () => {
    const site = siteUrl({ SITE_URL: "https://trade.example.com/" });
    expect(site).toBe("https://trade.example.com");
    expect(siteLink(site, "/reset-password?token=abc")).toBe("https://trade.example.com/reset-password?token=abc");
    for (const path of ["//evil.example/x", "/\\evil.example", "https://evil.example/", "reset"])
      expect(() => siteLink(site, path), path).toThrow();
  });

  it("refuses a SITE_URL that is missing, not http(s), or more than an origin", () => {
    for (const SITE_URL of [
      undefined,
      "",
      "trade.example.com",
      "ftp://trade.example.com",
      "https://trade.example.com/shop",
      "https://u:p@x.com",
    ])
      expect(() => siteUrl({ SITE_URL }), String(SITE_URL)).toThrow();
  });

  it("tells a loopback address (where the local transport may take e-mail) from a public one", () => {
    expect(isLoopbackSite(siteUrl({ SITE_URL: "http://127.0.0.1:8787" }))).toBe(true);
    expect(isLoopbackSite(siteUrl({ SITE_URL: "http://marketplace.localhost" }))).toBe(true);
    expect(isLoopbackSite(siteUrl({ SITE_URL: "https://trade.example.com" }))).toBe(false);
    expect(isLoopbackSite(siteUrl({ SITE_URL: "https://localhost.example.com" }))).toBe(false);
  });
});

describe("headers", () => {
  it("carry no line break, whatever a subject or a link holds", () => {
    const headers = emailHeaders({
      from: "notifications@example.com",
      to: "member@example.com",
      subject: "New for your saved search: widget\r\nBcc: victim@example.com\u2028X-Evil: 1",
      unsubscribeUrl: "https://trade.example.com/unsubscribe/abc\r\nBcc: victim@example.com",
    });
    expect(headers.subject).toBe("New for your saved search: widget Bcc: victim@example.com X-Evil: 1");
    for (const value of [headers.from, headers.to, headers.subject, ...Object.values(headers.headers)])
      expect(value).not.toMatch(/[\r\n\u0085\u2028\u2029]/);
    expect(oneLine(" a \n\n b\t c ")).toBe("a b c");
    expect(composeEmail("Hello\r\nBcc: x@example.com", ["body\nlines stay"]).subject).toBe("Hello Bcc: x@example.com");
    expect(composeEmail("Hello", ["body\nlines stay"]).text).toBe("body\nlines stay");
  });

  it("name the sender on one line, and never put a secret where a member's words hold a placeholder", () => {
    expect(emailHeaders({ from: "n@example.com", fromName: "वैश्विक\r\nBcc: x", to: "m@example.com", subject: "Hi" }).fromName).toBe(
      "वैश्विक Bcc: x",
    );
    // A company named '%LINK_TOKEN%' or '%TOKEN%' in a quote's words: the sender leaves them as they are.
    const message = composeEmail("%TOKEN% quoted", [
      "%LINK_TOKEN% sent you a quote",
      { label: "%TOKEN%", href: "https://x.example/u/%TOKEN%" },
    ]);
    const sent = withSecrets({ ...message, unsubscribeUrl: null }, { linkToken: "SECRET-LINK", unsubscribeToken: "SECRET-UNSUBSCRIBE" });
    for (const part of [sent.subject, sent.text, sent.html]) expect(part).not.toMatch(/SECRET-LINK|SECRET-UNSUBSCRIBE: /);
    expect(sent.subject.replace(/\u200b/g, "")).toBe("%TOKEN% quoted");
    // The link itself still gets its token.
    expect(sent.text).toContain("https://x.example/u/SECRET-UNSUBSCRIBE");
    expect(sent.text.split("SECRET-UNSUBSCRIBE")).toHaveLength(2);
  });

  it("refuse an address that is not one address", () => {
    for (const to of [
      "member@example.com\r\nBcc: victim@example.com",
      "a@example.com, b@example.com",
      "Name <a@example.com>",
      "no-at-sign",
    ])
      expect(() => emailHeaders({ from: "n@example.com", to, subject: "Hi" }), to).toThrow();
  });
});

describe("a link's token in the outbox", () => {
  const SECRET = "a-session-secret";
  const TOKEN = "t".repeat(43);

  it("opens only with the secret and for the message it was sealed to", async () => {
    const sealed = await sealToken(SECRET, TOKEN, "message-1\na@example.com");
    expect(sealed).not.toContain(TOKEN);
    expect(await openSealedToken(SECRET, sealed, "message-1\na@example.com")).toBe(TOKEN);
    expect(await openSealedToken("another-secret", sealed, "message-1\na@example.com")).toBeNull();
    expect(await openSealedToken(SECRET, sealed, "message-2\na@example.com")).toBeNull();
    expect(await openSealedToken(SECRET, sealed, "message-1\nattacker@example.com")).toBeNull();
    expect(await openSealedToken(SECRET, `${sealed.slice(0, -2)}AA`, "message-1\na@example.com")).toBeNull();
    expect(await openSealedToken(SECRET, null, "message-1\na@example.com")).toBeNull();
  });

  it("is put in the text and HTML only as the message is sent; a mask takes its place elsewhere", () => {
    const message = composeEmail("Reset", [{ label: "Reset it", href: "https://x.example/reset-password?token=%LINK_TOKEN%" }]);
    const shown = withSecrets({ ...message, unsubscribeUrl: null }, { linkToken: "<hidden>", unsubscribeToken: "" });
    expect(shown.text).toBe("Reset it: https://x.example/reset-password?token=<hidden>");
    expect(shown.html).toContain("token=&lt;hidden&gt;");
    const sent = withSecrets({ ...message, unsubscribeUrl: null }, { linkToken: TOKEN, unsubscribeToken: "" });
    expect(sent.text).toContain(`token=${TOKEN}`);
  });
});
