/**
 * The mailer honours `requireTls` (lib/server/config/mail.ts sets it for smtp:// to any host off this machine):
 * against a real SMTP server that offers no STARTTLS, a message that must go encrypted is not sent at all, and
 * the same server takes it when plain SMTP is allowed (a relay on loopback).
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { smtpMailer } from "@/lib/server/mail/mailer";
import { startTestSmtpServer, type TestSmtpServer } from "../../helpers/smtp";

let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
});
afterAll(async () => {
  await smtp.close();
});

const message = {
  to: "invited@example.com",
  subject: "Convite",
  text: "https://pixops.example/invite/secret-token",
  html: "<p>https://pixops.example/invite/secret-token</p>",
};

function mailer(requireTls: boolean) {
  const sender = smtpMailer({
    smtp: { host: "127.0.0.1", port: smtp.port, secure: false, requireTls, auth: null },
    from: "no-reply@pixops.example",
    timeoutMs: 5_000,
  });
  if (!sender) throw new Error("no mailer");
  return sender;
}

it("TLS required and the server offers no STARTTLS: the send fails and the server receives nothing", async () => {
  await expect(mailer(true).send(message)).rejects.toThrow();
  expect(smtp.received).toEqual([]);
});

it("plain SMTP allowed (a relay on loopback): the same server receives the message", async () => {
  const before = smtp.received.length;
  await mailer(false).send(message);
  expect(smtp.received.slice(before).map((mail) => mail.rcptTo)).toEqual([["invited@example.com"]]);
});
