import NextAuth from "next-auth";
import { authOptions } from "@/lib/auth/next-auth";

export const dynamic = "force-dynamic";

type NextAuthHandler = (req: Request, ctx: { params: Promise<{ nextauth: string[] }> }) => Promise<Response>;

async function handler(req: Request, ctx: { params: Promise<{ nextauth: string[] }> }): Promise<Response> {
  // next-auth v4 reads params synchronously; Next 16 hands them over as a promise.
  const params = await ctx.params;
  return (NextAuth(authOptions()) as NextAuthHandler)(req, { params: params as never });
}

export { handler as GET, handler as POST };
