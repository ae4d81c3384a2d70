/** SMTP_URL, SMTP_FROM, SMTP_TIMEOUT_MS: the server that sends invitations by e-mail (optional). */
import type { Env } from "./environment";
import { ConfigError } from "./errors";
import { parseSection, text, wholeNumber } from "./fields";

export const MAIL_DEFAULTS = { SMTP_TIMEOUT_MS: 10_000 } as const;

export interface SmtpServer {
  host: string;
  port: number;
  /** smtps://: TLS from the first byte; smtp://: STARTTLS. */
  secure: boolean;
  /**
   * smtp:// to any host but this machine's loopback: STARTTLS is required, and a server that does not offer it gets
   * nothing (an invitation link lets whoever reads it join the workspace, so it never crosses a network in clear).
   * A relay on loopback (a local MTA) may speak plain SMTP.
   */
  requireTls: boolean;
  /** Never logged (the logger redacts a field named `password`). */
  auth: { user: string; password: string } | null;
}

export interface MailSettings {
  /** Null: no SMTP server, nothing is sent (the inviter copies the link). */
  smtp: SmtpServer | null;
  /** The sender, `address` or `Name <address>`; set whenever `smtp` is. */
  from: string | null;
  /** The most one message may take, connecting included. */
  timeoutMs: number;
}

const SMTP_URL_HELP =
  "SMTP_URL must be smtp://host[:port] or smtps://host[:port], with an optional user:password@ (percent-encoded) and nothing after the port";

/** localhost, 127.0.0.0/8 and ::1: a relay on this machine, whose traffic never leaves it. */
function isLoopbackHost(host: string): boolean {
  return host === "localhost" || host === "[::1]" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** The URL's parts; a message that never echoes the value, which holds a password. */
function parseSmtpUrl(raw: string): SmtpServer {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(SMTP_URL_HELP);
  }
  const secure = url.protocol === "smtps:";
  if ((!secure && url.protocol !== "smtp:") || url.hostname === "") throw new ConfigError(SMTP_URL_HELP);
  if ((url.pathname !== "" && url.pathname !== "/") || url.search !== "" || url.hash !== "" || url.port === "0")
    throw new ConfigError(SMTP_URL_HELP);
  if (Boolean(url.username) !== Boolean(url.password))
    throw new ConfigError("SMTP_URL: give both a user and a password (user:password@host), or neither");
  let auth: SmtpServer["auth"] = null;
  try {
    if (url.username) auth = { user: decodeURIComponent(url.username), password: decodeURIComponent(url.password) };
  } catch {
    throw new ConfigError("SMTP_URL: the user or password is not valid percent-encoding");
  }
  const host = url.hostname;
  return {
    host: host.startsWith("[") ? host.slice(1, -1) : host,
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    requireTls: !secure && !isLoopbackHost(host),
    auth,
  };
}

/** `address` or `Display Name <address>`, on one line. */
const SENDER = /^(?:[^<>\r\n]*<[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+)$/;

const mailShape = {
  SMTP_URL: text(),
  SMTP_FROM: text(),
  SMTP_TIMEOUT_MS: wholeNumber("SMTP_TIMEOUT_MS", 100, 120_000, MAIL_DEFAULTS.SMTP_TIMEOUT_MS),
};

export function parseMailSettings(env: Env): MailSettings {
  const e = parseSection(mailShape, env);
  if (!e.SMTP_URL) return { smtp: null, from: null, timeoutMs: e.SMTP_TIMEOUT_MS };
  const smtp = parseSmtpUrl(e.SMTP_URL);
  if (!e.SMTP_FROM)
    throw new ConfigError(
      "SMTP_URL is set but SMTP_FROM is not: set SMTP_FROM to the address invitations are sent from, like Pix Ops <no-reply@example.com>",
    );
  if (!SENDER.test(e.SMTP_FROM))
    throw new ConfigError(
      "SMTP_FROM must be an e-mail address, like no-reply@example.com or Pix Ops <no-reply@example.com>",
    );
  return { smtp, from: e.SMTP_FROM, timeoutMs: e.SMTP_TIMEOUT_MS };
}
