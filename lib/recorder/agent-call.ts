/**
 * The one transport of the media agents beside each node (the recorder, docs/decisions/1082, and
 * the streamer, docs/decisions/1330) to the service, with the agents' secret. A call that fails
 * throws ServiceError with the status (0: no answer), so an agent can tell a thing that is gone
 * (404) or final (409) from a service that is down (retry next pass).
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

export type AgentCall = <T>(method: string, path: string, body?: unknown) => Promise<T>;

export function agentCall(baseUrl: string, secret: string, timeoutMs: number): AgentCall {
  const base = baseUrl.replace(/\/+$/, "");
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${secret}`,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      throw new ServiceError(0, `${method} ${path}: ${err instanceof Error ? err.message : String(err)}`);
    }
    const text = await res.text();
    if (!res.ok) throw new ServiceError(res.status, `${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };
}
