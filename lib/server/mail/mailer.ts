import "server-only";
import { createTransport } from "nodemailer";
import { cachedConfig, mailSettings, type MailSettings } from "@/lib/server/config";

/** One message to one address: plain text, and the same in simple HTML. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends a message, or rejects (connection refused, refused by the server, over the time limit). */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * A mailer over the configured SMTP server. Each message opens its own connection (invitations are rare), and the
 * whole of it — DNS, connecting, greeting, sending — is cut off at `timeoutMs`: the caller is a person waiting.
 * Nodemailer logs nothing (no `logger`), so the password never reaches the output through it.
 */
export function smtpMailer(settings: MailSettings): Mailer | null {
  const { smtp, from, timeoutMs } = settings;
  if (!smtp || !from) return null;
  const transport = createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    requireTLS: smtp.requireTls,
    auth: smtp.auth ? { user: smtp.auth.user, pass: smtp.auth.password } : undefined,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    dnsTimeout: timeoutMs,
    socketCloseTimeout: 1_000,
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  return {
    async send(message) {
      await transport.sendMail({
        from,
        to: message.to,
        // One line, whatever the names in it hold.
        subject: message.subject.replace(/[\r\n]+/g, " "),
        text: message.text,
        html: message.html,
        signal: AbortSignal.timeout(timeoutMs),
      });
    },
  };
}

/** The mailer of this process's configuration (SMTP_URL, SMTP_FROM), or null when none is configured. */
export const configuredMailer = (): Mailer | null => cachedConfig("mailer", () => smtpMailer(mailSettings()));
