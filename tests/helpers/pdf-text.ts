/**
 * The text a PDF shows, for tests: its content streams inflated (zlib) and their text operators decoded, one
 * string per operator (Tj, or a TJ array joined), in drawing order. Enough for the PDFs our server draws with
 * pdfkit's standard fonts (WinAnsi-encoded hex or literal strings); not a general PDF reader.
 */
import { inflateSync } from "node:zlib";

const winAnsi = new TextDecoder("windows-1252");

function decodeHex(hex: string): string {
  const clean = hex.replace(/\s+/g, "");
  const bytes = new Uint8Array(clean.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(clean.slice(i * 2, i * 2 + 2), 16);
  return winAnsi.decode(bytes);
}

function decodeLiteral(body: string): string {
  const unescaped = body.replace(/\\([nrtbf()\\]|[0-7]{1,3})/g, (_m, e: string) => {
    const simple: Record<string, string> = {
      n: "\n",
      r: "\r",
      t: "\t",
      b: "\b",
      f: "\f",
      "(": "(",
      ")": ")",
      "\\": "\\",
    };
    return simple[e] ?? String.fromCharCode(Number.parseInt(e, 8));
  });
  return winAnsi.decode(Uint8Array.from(unescaped, (c) => c.charCodeAt(0)));
}

/** Every stream of the file, inflated when it is FlateDecode. */
export function pdfStreams(pdf: Uint8Array): string[] {
  const buffer = Buffer.from(pdf);
  const streams: string[] = [];
  let from = 0;
  for (;;) {
    const start = buffer.indexOf("stream", from, "latin1");
    if (start < 0) break;
    // "endstream" also contains "stream": skip it.
    if (buffer.toString("latin1", start - 3, start) === "end") {
      from = start + 6;
      continue;
    }
    const dictionary = buffer.toString("latin1", Math.max(0, start - 300), start);
    let dataStart = start + "stream".length;
    if (buffer[dataStart] === 0x0d) dataStart += 1;
    if (buffer[dataStart] === 0x0a) dataStart += 1;
    const end = buffer.indexOf("endstream", dataStart, "latin1");
    if (end < 0) break;
    const data = buffer.subarray(dataStart, end);
    const lastDictionary = dictionary.slice(dictionary.lastIndexOf("<<"));
    try {
      streams.push(
        lastDictionary.includes("/FlateDecode") ? inflateSync(data).toString("latin1") : data.toString("latin1"),
      );
    } catch {
      // Not a content stream we can read (a font program, an image): nothing to show as text.
    }
    from = end + "endstream".length;
  }
  return streams;
}

/** The strings the PDF's text operators draw, in order. */
export function pdfTextRuns(pdf: Uint8Array): string[] {
  const runs: string[] = [];
  const operator =
    /\[((?:<[0-9a-fA-F\s]*>|\((?:\\.|[^\\)])*\)|\s|-?[\d.]+)*)\]\s*TJ|<([0-9a-fA-F\s]*)>\s*Tj|\(((?:\\.|[^\\)])*)\)\s*Tj/g;
  const part = /<([0-9a-fA-F\s]*)>|\(((?:\\.|[^\\)])*)\)/g;
  for (const stream of pdfStreams(pdf)) {
    for (const match of stream.matchAll(operator)) {
      if (match[1] !== undefined) {
        let text = "";
        for (const piece of match[1].matchAll(part))
          text += piece[1] !== undefined ? decodeHex(piece[1]) : decodeLiteral(piece[2] ?? "");
        runs.push(text);
      } else if (match[2] !== undefined) runs.push(decodeHex(match[2]));
      else runs.push(decodeLiteral(match[3] ?? ""));
    }
  }
  return runs;
}
