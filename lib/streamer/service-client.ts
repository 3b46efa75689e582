import { agentCall } from "@/lib/recorder/agent-call";
import type { AgentStreamDto } from "@/lib/streams/streamer-schema";

/**
 * The streamer agent's calls to the service (issue 45), with the media agents' secret
 * (SVC_RECORDER_SECRET), through the agents' one transport (lib/recorder/agent-call.ts).
 */
export interface StreamerReportInput {
  type: "stream.started" | "stream.ended" | "stream.failed";
  stream_id: string;
  output?: number;
  reason?: string;
}

export function streamerServiceClient(baseUrl: string, secret: string) {
  const call = agentCall(baseUrl, secret, 15_000);
  const at = (id: string) => `/v1/internal/streamer/streams/${encodeURIComponent(id)}`;
  return {
    stream: (id: string) => call<AgentStreamDto>("GET", at(id)),
    uploadLinks: (id: string, files: { name: string; size_bytes: number }[]) =>
      call<{ uploads: { name: string; upload_url: string; content_type: string }[] }>(
        "POST",
        `${at(id)}/upload`,
        { files },
      ),
    report: (r: StreamerReportInput) => call<{ accepted: true }>("POST", "/v1/internal/streamer/reports", r),
  };
}
export type StreamerServiceClient = ReturnType<typeof streamerServiceClient>;
