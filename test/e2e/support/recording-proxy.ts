/**
 * A loopback HTTP proxy in front of a served API that records every request the console sends (method and
 * path) before forwarding it unchanged: the server-side view of "nothing mutating was sent". Set `fault`
 * to answer every request with that status (and headers) instead, e.g. a 429 storm with Retry-After.
 */
import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";

export type Recorded = { method: string; path: string };

export type Fault = { status: number; headers?: Record<string, string>; body?: string };

export type RecordingProxy = {
  url: string;
  requests: Recorded[];
  fault: Fault | undefined;
  close(): Promise<void>;
};

export async function recordingProxy(target: string): Promise<RecordingProxy> {
  const upstream = new URL(target);
  const requests: Recorded[] = [];
  const server = createServer((req, res) => {
    requests.push({ method: req.method ?? "", path: req.url ?? "" });
    const fault = proxy.fault;
    if (fault) {
      req.resume();
      res.writeHead(fault.status, { "content-type": "application/json", ...fault.headers });
      res.end(
        fault.body ?? JSON.stringify({ statusCode: fault.status, error: "Fault", message: "injected" }),
      );
      return;
    }
    const fwd = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    fwd.on("error", () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(fwd);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  const proxy: RecordingProxy = {
    url: `http://127.0.0.1:${port}`,
    requests,
    fault: undefined,
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
  return proxy;
}
