/**
 * `npm run key-fingerprint`: prints the SHA-256 fingerprint of an API key, for
 * PAYMENTS_API_KEY_SHA256. The key is read from standard input (not from the
 * command line, which shells keep in their history):
 *
 *   printf %s "$API_KEY" | npm run -s key-fingerprint
 */
import { createHash } from "node:crypto";

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks).toString("utf8");
}

void readStdin().then((input) => {
  const key = input.trim();
  if (!key) {
    console.error('usage: printf %s "$API_KEY" | npm run -s key-fingerprint');
    process.exit(2);
  }
  console.log(`sha256:${createHash("sha256").update(key, "utf8").digest("hex")}`);
});
