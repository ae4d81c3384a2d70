/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // Native / WASM packages that must be loaded by Node at run time rather than bundled.
  serverExternalPackages: ["@electric-sql/pglite", "pg", "undici"],
};

export default nextConfig;
