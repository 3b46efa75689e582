import type { AgentRecordingDto, UploadLinkDto } from "@/lib/recordings/recorder-schema";

/**
 * The recording agent's calls to the service (docs/decisions/1082), with its own secret. A call
 * that fails throws ServiceError with the status (0: no answer), so the agent can tell a
 * recording that is gone (404) or final (409) from a service that is down (retry next pass).
 */

export class ServiceError extends Error {
  override name = "ServiceError";
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface AgentReportInput {
  id: string;
  type: "recording.started" | "recording.completed" | "recording.failed" | "recording.ready";
  recording_id: string;
  occurred_at?: string;
  duration_sec?: number;
  size_bytes?: number;
  reason?: string;
}

export function serviceClient(baseUrl: string, secret: string) {
  const base = baseUrl.replace(/\/+$/, "");
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${secret}`,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
    } catch (err) {
      throw new ServiceError(0, `${method} ${path}: ${err instanceof Error ? err.message : String(err)}`);
    }
    const text = await res.text();
    if (!res.ok) throw new ServiceError(res.status, `${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };
  const rec = (id: string) => `/v1/internal/recorder/recordings/${encodeURIComponent(id)}`;
  return {
    recording: (id: string) => call<AgentRecordingDto>("GET", rec(id)),
    uploadLink: (id: string) => call<UploadLinkDto>("POST", `${rec(id)}/upload`),
    report: (r: AgentReportInput) => call<{ accepted: true }>("POST", "/v1/internal/recorder/reports", r),
  };
}
export type ServiceClient = ReturnType<typeof serviceClient>;
