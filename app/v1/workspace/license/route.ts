import { methods } from "@/lib/http/handler";
import { licenseStatus } from "@/lib/licenses/license-status";
import { implement } from "@/lib/routes/implement";
import { getLicenseStatusContract } from "./contract";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: implement(getLicenseStatusContract)(async ({ db }) => ({
    status: 200,
    body: await licenseStatus(db),
  })),
});
