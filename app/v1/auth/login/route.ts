import { recordSignIn, requestOrigin } from "@/lib/audit/record-audit";
import { verifyLogin } from "@/lib/auth/login";
import { readCookie } from "@/lib/auth/session";
import { DEVICE_COOKIE, deviceCookieHeader, rememberDevice } from "@/lib/auth/two-factor/remembered-devices";
import { getDb } from "@/lib/db";
import { clientIp } from "@/lib/http/client-ip";
import { assertSameOrigin } from "@/lib/http/csrf";
import { methods } from "@/lib/http/handler";
import { implement } from "@/lib/routes/implement";
import { signedInReply } from "@/lib/sessions/signed-in-reply";
import { signInContract } from "./contract";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: implement(signInContract)(async ({ req, readBody }) => {
    assertSameOrigin(req);
    const body = await readBody();
    const db = await getDb();
    const now = new Date();
    const origin = requestOrigin(req);
    const { member, secondFactor } = await verifyLogin(
      db,
      {
        email: body.email,
        password: body.password,
        otp: body.otp,
        recovery_code: body.recovery_code,
        passkey: body.passkey,
        deviceToken: readCookie(req.headers.get("cookie"), DEVICE_COOKIE),
        ip: clientIp(req),
      },
      now,
    );
    await recordSignIn(db, member, origin, "api", secondFactor);
    // Only a browser that just gave a second factor is remembered, never one that skipped it.
    const remember =
      body.remember_device === true && ["otp", "recovery_code", "passkey"].includes(secondFactor);
    const cookies = remember ? [deviceCookieHeader(await rememberDevice(db, member.userId, now))] : [];
    return signedInReply(db, member, { ip: origin.ip, userAgent: origin.userAgent }, cookies);
  }),
});
