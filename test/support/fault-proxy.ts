/**
 * A loopback proxy in front of the embedded service that records the writes (every method but GET and
 * HEAD: method, path, body) and can fail them on demand: `refuse` drops the connection before anything is
 * forwarded, `lose-answer` forwards the write and then drops the connection instead of answering — the
 * service did it, the client cannot know. Reads always pass.
 */
import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";

export type FaultMode = "pass" | "refuse" | "lose-answer";
export type Write = { method: string; path: string; body: string };

export async function faultProxy(target: string) {
  const up = new URL(target);
  const state = { mode: "pass" as FaultMode, writes: [] as Write[] };
  const server = createServer((req, res) => {
    const write = req.method !== "GET" && req.method !== "HEAD";
    if (write && state.mode === "refuse") {
      req.socket.destroy();
      return;
    }
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      if (write) state.writes.push({ method: req.method ?? "", path: req.url ?? "", body: body.toString() });
      const fwd = request(
        { host: up.hostname, port: up.port, method: req.method, path: req.url, headers: req.headers },
        (r) => {
          if (write && state.mode === "lose-answer") {
            r.resume();
            r.on("end", () => req.socket.destroy());
            return;
          }
          res.writeHead(r.statusCode ?? 502, r.headers);
          r.pipe(res);
        },
      );
      fwd.on("error", () => res.destroy());
      fwd.end(body);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    state,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

export type FaultProxy = Awaited<ReturnType<typeof faultProxy>>;
