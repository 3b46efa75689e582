// Next's own floor for a GET: a route handler with nothing of ours in it (bench/sections/next-floor.mts).
export const dynamic = "force-dynamic";

export function GET() {
  return Response.json({ status: "ok" });
}
