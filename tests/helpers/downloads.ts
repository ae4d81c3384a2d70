/**
 * Catches the files a page saves through a Blob link (lib/browser/export.ts: `URL.createObjectURL` then a click
 * on an `<a download>`), so a DOM test can read what the person would have got. Call it inside a test: the
 * stubs come off when that test finishes.
 */
import { onTestFinished, vi } from "vitest";

export interface CapturedDownload {
  /** The link's `download` attribute: the file's name as the browser would save it. */
  readonly name: string;
  /** The Blob's MIME type ("text/csv;charset=utf-8", the .xlsx type, …). */
  readonly type: string;
  readonly blob: Blob;
  text(): Promise<string>;
  bytes(): Promise<Buffer>;
}

export function captureDownloads() {
  const files: CapturedDownload[] = [];
  const blobs = new Map<string, Blob>();
  const original = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
  URL.createObjectURL = (object: Blob | MediaSource) => {
    // Not `instanceof Blob`: a fetched body's Blob is Node's, not jsdom's.
    if (!("arrayBuffer" in object)) throw new Error("captureDownloads: only Blobs are saved as files");
    const url = `blob:captured/${blobs.size + 1}`;
    blobs.set(url, object);
    return url;
  };
  URL.revokeObjectURL = () => undefined;
  // A link's click would navigate jsdom (unimplemented); a Blob link's click is a saved file instead.
  const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.getAttribute("href") ?? "");
    if (!blob) return;
    files.push({
      name: this.download,
      type: blob.type,
      blob,
      text: () => blob.text(),
      bytes: async () => Buffer.from(await blob.arrayBuffer()),
    });
  });
  onTestFinished(() => {
    URL.createObjectURL = original.create;
    URL.revokeObjectURL = original.revoke;
    click.mockRestore();
  });
  /** `files`: the saved files, in the order they were saved; `click`: every link click, saved file or not. */
  return { files, click };
}
