/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // Native / WASM packages that must be loaded by Node at run time rather than bundled (argon2: a native
  // addon per platform, whose "browser" entry is a WASM build we never want); rate-limiter-flexible
  // loads its drizzle-orm operators with a computed import() that a bundler cannot follow; pdfkit (the payout
  // receipt's PDF) loads its standard fonts through its own package imports ("#standard-fonts/…") with a
  // require made at run time, and is not on Next.js's built-in list of such packages. zod and drizzle-orm: the server
  // (development and production) loads them from node_modules, one copy, instead of every server graph compiling its
  // own (the proxy, the instrumentation, the pages' two server layers: about 200 modules each, which `next dev` spent
  // seconds on); the browser still gets its zod bundled.
  serverExternalPackages: [
    "@electric-sql/pglite",
    "pg",
    "undici",
    "rate-limiter-flexible",
    "@node-rs/argon2",
    "pdfkit",
    "zod",
    "drizzle-orm",
  ],
  experimental: {
    // The proxy (proxy.ts) runs on every page request and on API paths with a '%'; Next.js copies
    // the body of each such request into memory for it, by default up to 10 MB per request, so a
    // few large unauthenticated POSTs to a page could fill the server's memory. Pages take no body,
    // and no BFF body may exceed 64 KiB (lib/server/http/body.ts): copy at most that, plus the byte that
    // tells the BFF a body is too large.
    proxyClientMaxBodySize: 64 * 1024 + 1,
    // `inlineCss` is left off: Next.js 16 writes an inlined stylesheet into the page three times (the <style>
    // and twice in the Server Components payload), half of every page's HTML; the file is smaller and cached
    // (docs/performance.md, "Lighthouse", "The stylesheet is a file again").
  },
};

export default nextConfig;
