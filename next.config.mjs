/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // Native / WASM packages that must be loaded by Node at run time rather than bundled; rate-limiter-flexible
  // loads its drizzle-orm operators with a computed import() that a bundler cannot follow.
  serverExternalPackages: ["@electric-sql/pglite", "pg", "undici", "rate-limiter-flexible"],
};

export default nextConfig;
