// Next's own floor for a POST: the body read whole, as every route of ours that takes one reads it,
// and a small JSON answer (bench/sections/next-floor.mts).
export const dynamic = "force-dynamic";

export async function POST(request) {
  await request.arrayBuffer();
  return Response.json({ status: "ok" });
}
