/**
 * V8 heap limits for the production server (`npm start`; bench/ runs `next start` with them too).
 * By default V8 sizes its heap for this machine's memory: a 32 MB young generation and an
 * old generation that grows to 2–3× its live data before collecting. The server's live
 * heap is 50–110 MB (docs/performance.md, "Server memory"), so these cut the resident
 * size by ≈ 100 MB under load at no measurable cost in throughput. They come first in
 * NODE_OPTIONS, so an operator's own NODE_OPTIONS can override them.
 */
export const SERVER_NODE_OPTIONS = "--max-semi-space-size=4 --max-old-space-size=512";

export function withServerNodeOptions(existing: string | undefined): string {
  return existing ? `${SERVER_NODE_OPTIONS} ${existing}` : SERVER_NODE_OPTIONS;
}
