// The GET floor answered one turn of the event loop later (after setImmediate): what batching the
// answers of a turn is worth on this machine (bench/sections/next-floor.mts, decision 0977).
export const dynamic = "force-dynamic";

export async function GET() {
  await new Promise((resolve) => setImmediate(resolve));
  return Response.json({ status: "ok" });
}
