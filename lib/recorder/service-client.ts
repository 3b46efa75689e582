import { agentCall, ServiceError } from "@/lib/recorder/agent-call";
import type { AgentRecordingDto, UploadLinkDto } from "@/lib/recordings/recorder-schema";

export { ServiceError };

/** A report of the recording agent (docs/decisions/1082). */
export interface AgentReportInput {
  id: string;
  type: "recording.started" | "recording.completed" | "recording.failed" | "recording.ready";
  recording_id: string;
  occurred_at?: string;
  duration_sec?: number;
  size_bytes?: number;
  reason?: string;
}

/** The recording agent's calls to the service (docs/decisions/1082), through the agents' one transport. */
export function serviceClient(baseUrl: string, secret: string) {
  const call = agentCall(baseUrl, secret, 30_000);
  const rec = (id: string) => `/v1/internal/recorder/recordings/${encodeURIComponent(id)}`;
  return {
    recording: (id: string) => call<AgentRecordingDto>("GET", rec(id)),
    uploadLinks: (id: string, files: { name: string; size_bytes: number }[]) =>
      call<UploadLinkDto>("POST", `${rec(id)}/upload`, { files }),
    report: (r: AgentReportInput) => call<{ accepted: true }>("POST", "/v1/internal/recorder/reports", r),
  };
}
export type ServiceClient = ReturnType<typeof serviceClient>;
