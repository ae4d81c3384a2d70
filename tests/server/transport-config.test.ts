import { describe, expect, it } from "vitest";
import { ConfigError } from "@/lib/server/session/config";
import {
  insecureTransportProblem,
  normalizeOrigin,
  parseTransportConfig,
  requestTransport,
  type TransportConfig,
} from "@/lib/server/transport-config";

const NONE: TransportConfig = { appOrigin: null, trustProxy: false, allowInsecureHttp: false };

describe("APP_ORIGIN normalisation", () => {
  it.each([
    ["https://dash.example.com", "https://dash.example.com"],
    ["https://dash.example.com/", "https://dash.example.com"],
    ["HTTPS://Dash.Example.COM", "https://dash.example.com"],
    ["https://dash.example.com:443", "https://dash.example.com"],
    ["https://dash.example.com:443/", "https://dash.example.com"],
    ["http://dash.example.com:80", "http://dash.example.com"],
    ["https://dash.example.com:8443", "https://dash.example.com:8443"],
    ["http://127.0.0.1:3000/", "http://127.0.0.1:3000"],
    ["https://[::1]:443", "https://[::1]"],
    ["  https://dash.example.com  ", "https://dash.example.com"],
  ])("%j → %j", (raw, expected) => {
    expect(normalizeOrigin(raw)).toBe(expected);
    expect(parseTransportConfig({ APP_ORIGIN: raw }).appOrigin).toBe(expected);
  });

  it.each([
    ["a path", "https://dash.example.com/app"],
    ["a double slash", "https://dash.example.com//"],
    ["a query", "https://dash.example.com/?x=1"],
    ["an empty query", "https://dash.example.com?"],
    ["a fragment", "https://dash.example.com/#top"],
    ["credentials", "https://user:pass@dash.example.com"],
    ["another scheme", "ftp://dash.example.com"],
    ["no scheme", "dash.example.com"],
    ["no host", "https://"],
    ["a space inside", "https://dash example.com"],
    ["the literal null origin", "null"],
  ])("refuses %s (%j) with a ConfigError that does not echo the value", (_label, raw) => {
    expect(normalizeOrigin(raw)).toBeNull();
    let thrown: unknown;
    try {
      parseTransportConfig({ APP_ORIGIN: raw });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    expect((thrown as Error).message).toMatch(/APP_ORIGIN must be/);
    if (raw.includes("pass")) expect((thrown as Error).message).not.toContain("pass");
  });

  it("unset or empty APP_ORIGIN is no origin", () => {
    expect(parseTransportConfig({}).appOrigin).toBeNull();
    expect(parseTransportConfig({ APP_ORIGIN: "" }).appOrigin).toBeNull();
    expect(parseTransportConfig({ APP_ORIGIN: "   " }).appOrigin).toBeNull();
  });
});

describe("TRUST_PROXY and ALLOW_INSECURE_HTTP", () => {
  it.each([
    [undefined, false],
    ["", false],
    ["0", false],
    ["1", true],
    [" 1 ", true],
  ])("%j → %s", (raw, expected) => {
    expect(parseTransportConfig({ TRUST_PROXY: raw }).trustProxy).toBe(expected);
    expect(parseTransportConfig({ ALLOW_INSECURE_HTTP: raw }).allowInsecureHttp).toBe(expected);
  });

  it.each(["yes", "on", "2", "true", "false", "enabled"])(
    "a value that is neither on nor off (%j) is a ConfigError naming the variable",
    (raw) => {
      expect(() => parseTransportConfig({ TRUST_PROXY: raw })).toThrow(/TRUST_PROXY must be 1/);
      expect(() => parseTransportConfig({ ALLOW_INSECURE_HTTP: raw })).toThrow(/ALLOW_INSECURE_HTTP must be 1/);
    },
  );
});

describe("a request's transport", () => {
  const at = (headers: Record<string, string>) => new Headers({ host: "127.0.0.1:3000", ...headers });

  describe("with neither APP_ORIGIN nor TRUST_PROXY: plain http at the Host the request names", () => {
    it("a plain request", () => {
      expect(requestTransport("http://127.0.0.1:3000/x", at({}), NONE)).toEqual({
        secure: false,
        origin: "http://127.0.0.1:3000",
      });
    });

    it("a client's X-Forwarded-Proto: https and X-Forwarded-Host are ignored", () => {
      const headers = at({ "x-forwarded-proto": "https", "x-forwarded-host": "evil.example" });
      expect(requestTransport("http://127.0.0.1:3000/x", headers, NONE)).toEqual({
        secure: false,
        origin: "http://127.0.0.1:3000",
      });
    });

    it("an https request URL is no evidence either (next start derives it from X-Forwarded-Proto)", () => {
      expect(requestTransport("https://127.0.0.1:3000/x", at({ "x-forwarded-proto": "https" }), NONE).secure).toBe(
        false,
      );
      expect(requestTransport("https://127.0.0.1:3000/x", at({}), NONE).secure).toBe(false);
    });

    it("the Host is normalised; an unusable Host gives no origin", () => {
      expect(requestTransport("http://x/", new Headers({ host: "Dash.Example.com:80" }), NONE).origin).toBe(
        "http://dash.example.com",
      );
      expect(requestTransport("http://x/", new Headers({ host: "evil.example/path" }), NONE).origin).toBeNull();
    });

    it("without a Host header, the URL's host", () => {
      expect(requestTransport("http://127.0.0.1:3000/x", new Headers(), NONE).origin).toBe("http://127.0.0.1:3000");
    });
  });

  describe("with APP_ORIGIN: it decides, whatever the headers say", () => {
    const https = parseTransportConfig({ APP_ORIGIN: "https://Dash.Example.com:443/" });
    const http = parseTransportConfig({ APP_ORIGIN: "http://dash.example.com", TRUST_PROXY: "1" });

    it.each([
      ["no forwarded headers (a TLS proxy that does not send them)", {}],
      ["X-Forwarded-Proto: http", { "x-forwarded-proto": "http" }],
      [
        "X-Forwarded-Proto: http and a foreign X-Forwarded-Host",
        { "x-forwarded-proto": "http", "x-forwarded-host": "evil.example" },
      ],
    ])("https APP_ORIGIN, %s → secure", (_label, headers) => {
      expect(requestTransport("http://127.0.0.1:3000/x", at(headers), https)).toEqual({
        secure: true,
        origin: "https://dash.example.com",
      });
    });

    it("an http APP_ORIGIN is never secure, even with TRUST_PROXY and X-Forwarded-Proto: https", () => {
      expect(requestTransport("https://127.0.0.1:3000/x", at({ "x-forwarded-proto": "https" }), http)).toEqual({
        secure: false,
        origin: "http://dash.example.com",
      });
    });
  });

  describe("with TRUST_PROXY=1: the proxy's headers decide", () => {
    const trusted = parseTransportConfig({ TRUST_PROXY: "1" });

    it("X-Forwarded-Proto: https and X-Forwarded-Host are honoured (normalised)", () => {
      expect(
        requestTransport(
          "http://127.0.0.1:3000/x",
          at({ "x-forwarded-proto": "HTTPS", "x-forwarded-host": "Dash.Example.com:443" }),
          trusted,
        ),
      ).toEqual({
        secure: true,
        origin: "https://dash.example.com",
      });
    });

    it("the first value of a chain is the client-facing one", () => {
      expect(
        requestTransport(
          "http://x/",
          at({ "x-forwarded-proto": "https, http", "x-forwarded-host": "dash.example.com, internal:3000" }),
          trusted,
        ),
      ).toEqual({
        secure: true,
        origin: "https://dash.example.com",
      });
    });

    it("X-Forwarded-Proto: http is plain http; without X-Forwarded-Host the Host header", () => {
      expect(requestTransport("https://127.0.0.1:3000/x", at({ "x-forwarded-proto": "http" }), trusted)).toEqual({
        secure: false,
        origin: "http://127.0.0.1:3000",
      });
    });

    it("a proto that is neither http nor https falls back to the URL's scheme", () => {
      expect(requestTransport("http://127.0.0.1:3000/x", at({ "x-forwarded-proto": "gopher" }), trusted)).toEqual({
        secure: false,
        origin: "http://127.0.0.1:3000",
      });
    });
  });
});

describe("the production start-up rule", () => {
  const realProduction = { production: true, sandbox: false };

  it.each([
    ["neither APP_ORIGIN nor TRUST_PROXY", {}, /APP_ORIGIN is not set/],
    ["TRUST_PROXY alone", { TRUST_PROXY: "1" }, /TRUST_PROXY=1 without APP_ORIGIN/],
    ["an http APP_ORIGIN", { APP_ORIGIN: "http://dash.example.com" }, /APP_ORIGIN is plain http/],
    [
      "an http APP_ORIGIN with TRUST_PROXY",
      { APP_ORIGIN: "http://dash.example.com", TRUST_PROXY: "1" },
      /APP_ORIGIN is plain http/,
    ],
  ])("production + a real API + %s: refused, saying what to set", (_label, env, why) => {
    const problem = insecureTransportProblem(parseTransportConfig(env), realProduction);
    expect(problem).toMatch(why);
    expect(problem).toMatch(/set APP_ORIGIN to this dashboard's https origin/);
    expect(problem).toMatch(/ALLOW_INSECURE_HTTP=1/);
  });

  it.each([
    ["an https APP_ORIGIN", { APP_ORIGIN: "https://dash.example.com" }, realProduction],
    [
      "an https APP_ORIGIN with TRUST_PROXY",
      { APP_ORIGIN: "https://dash.example.com", TRUST_PROXY: "1" },
      realProduction,
    ],
    ["ALLOW_INSECURE_HTTP=1 without APP_ORIGIN", { ALLOW_INSECURE_HTTP: "1" }, realProduction],
    [
      "ALLOW_INSECURE_HTTP=1 with an http APP_ORIGIN",
      { ALLOW_INSECURE_HTTP: "1", APP_ORIGIN: "http://dash.example.com" },
      realProduction,
    ],
    ["the sandbox in production", {}, { production: true, sandbox: true }],
    ["development against a real API", {}, { production: false, sandbox: false }],
  ])("%s: allowed", (_label, env, deployment) => {
    expect(insecureTransportProblem(parseTransportConfig(env), deployment)).toBeNull();
  });
});
