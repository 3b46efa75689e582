/** A small client for the app's /v1 API, with the session JWT as a Bearer token (no CSRF cookie path). */
export class Api {
  token = "";

  constructor(readonly base: string) {}

  async call<T>(method: string, path: string, body?: unknown, expect: number[] = [200, 201]): Promise<T> {
    const headers: Record<string, string> = { accept: "application/json" };
    if (body !== undefined) headers["content-type"] = "application/json";
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    const send = () =>
      fetch(`${this.base}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        redirect: "manual",
        signal: AbortSignal.timeout(60_000),
      });
    let res: Response;
    try {
      res = await send();
    } catch (err) {
      // Almost always a kept-alive socket the server closed just as it was reused, before the
      // request reached it: sent once more on a new connection. (Were it a duplicate room or
      // endpoint, the delivery counts would show it.) Anything else is reported with its cause.
      const cause = (err as Error).cause as NodeJS.ErrnoException | undefined;
      if (cause?.code !== "ECONNRESET" && cause?.code !== "EPIPE" && cause?.code !== "UND_ERR_SOCKET") {
        throw new Error(`${method} ${path}: ${(err as Error).message} (${cause?.message ?? String(cause)})`);
      }
      res = await send();
    }
    const text = await res.text();
    if (!expect.includes(res.status))
      throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 400)}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  /** Signs in and keeps the session JWT from the `svc_session` cookie. */
  async login(email: string, password: string): Promise<void> {
    const started = Date.now();
    let res: Response;
    let text: string;
    for (;;) {
      res = await fetch(`${this.base}/v1/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email, password }),
        signal: AbortSignal.timeout(60_000),
      });
      text = await res.text();
      // A server just restarted on a loaded machine may answer 503 while its pool connects.
      if (res.status !== 503 || Date.now() - started > 60_000) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    if (res.status !== 200) throw new Error(`login ${email} answered ${res.status}: ${text.slice(0, 400)}`);
    const token = /svc_session=([^;]+)/.exec(res.headers.get("set-cookie") ?? "")?.[1];
    if (!token) throw new Error("no svc_session cookie in the sign-in response");
    this.token = decodeURIComponent(token);
  }
}

/** `n` calls of `fn`, at most `concurrency` at a time. */
export async function pool<T>(n: number, concurrency: number, fn: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array(n);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, concurrency) }, async () => {
      while (next < n) {
        const i = next++;
        out[i] = await fn(i);
      }
    }),
  );
  return out;
}
