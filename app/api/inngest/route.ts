import { serve } from "inngest/next";
import { functions } from "@/inngest/functions";
import { inngestClient } from "@/lib/jobs/inngest-client";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT } = serve({ client: inngestClient(), functions });
