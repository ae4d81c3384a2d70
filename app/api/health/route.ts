// GET /api/health – liveness: no session, no database, no upstream call (the benchmark's floor).
// A minimal stand-in so bench row a runs; the branch adding /api/health and /api/ready replaces it.
export const dynamic = "force-dynamic";

export function GET(): Response {
  return Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
}
