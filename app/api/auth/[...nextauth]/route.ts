import NextAuth from "next-auth";
import { authOptions } from "@/lib/auth/next-auth";
import { smallAnswerUncompressed } from "@/lib/http/response";

export const dynamic = "force-dynamic";

type NextAuthHandler = (req: Request, ctx: { params: Promise<{ nextauth: string[] }> }) => Promise<Response>;

async function handler(req: Request, ctx: { params: Promise<{ nextauth: string[] }> }): Promise<Response> {
  // next-auth v4 reads params synchronously; Next 16 hands them over as a promise.
  const params = await ctx.params;
  const res = await (NextAuth(authOptions()) as NextAuthHandler)(req, { params: params as never });
  // The session and CSRF answers are a few hundred bytes: not worth a gzip stream (decision 0973).
  return smallAnswerUncompressed(res);
}

export { handler as GET, handler as POST };
