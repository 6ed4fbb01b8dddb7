/**
 * The demo target: a loopback HTTP server with a realistic latency spread and occasional failures and
 * slowdowns, plus a TCP echo port, for the demo workspace's checks to run against.
 *
 *   /api/health    5–30 ms, always 200 JSON
 *   /api/search    120–600 ms (log-normal-ish), 1 in 15 slow (1.5–3.5 s)
 *   /api/checkout  60–250 ms, 1 in 12 answers 500
 *   /api/users     30–120 ms JSON list
 *   /login         HTML login page, 20–90 ms; POST /login (the form) → 303 to /account
 *   /account       HTML "Welcome back" page, 20–90 ms
 *   /              HTML home page linking the others
 *   POST /demo/receiver/{name}   passed on to the service's own demo receiver (app/demo-receiver.ts)
 *
 * Its ports are the ones asked for (the data dir keeps the last ones, demo/run.ts) when they are free, else
 * new ones: demo checks and channels then keep the address they were given. The demo channels deliver
 * through the target, whose port is kept, rather than to the service, whose port may change at each start.
 */
import http from "node:http";
import net from "node:net";
import { listeningPort } from "../../shared/net.ts";
import { DEMO_RECEIVER_PATH } from "./receiver-path.ts";

export type DemoTarget = { url: string; tcpPort: number; close(): Promise<void> };

export type DemoTargetOptions = {
  /** The HTTP port to use when it is free (else a new one). */
  port?: number | undefined;
  /** The TCP echo port to use when it is free (else a new one). */
  tcpPort?: number | undefined;
  /** The service's base URL now: where `POST /demo/receiver/{name}` is passed on to. */
  serviceUrl?: () => string;
};

const between = (lo: number, hi: number) => lo + Math.random() * (hi - lo);
/** Skewed towards `lo`: most requests fast, a tail towards `hi`. */
const skewed = (lo: number, hi: number) => lo + (hi - lo) * Math.random() ** 2.5;

const LOGIN_HTML = `<!doctype html><html><head><title>Acme — sign in</title></head><body>
<main><h1>Sign in</h1><form method="post" action="/login"><label>Email <input name="email" type="email"></label>
<label>Password <input name="password" type="password"></label><button type="submit">Sign in</button></form></main>
</body></html>`;

const ACCOUNT_HTML = `<!doctype html><html><head><title>Acme — your account</title></head><body>
<main><h1>Welcome back</h1><p>Your orders: <a href="/">2 open</a>.</p></main></body></html>`;

const HOME_HTML = `<!doctype html><html><head><title>Acme shop</title></head><body>
<header><h1>Acme shop</h1></header><main><p>Welcome. <a href="/login">Sign in</a> or search products.</p>
<ul><li>Anvil</li><li>Rocket skates</li><li>Giant magnet</li></ul></main></body></html>`;

type Reply = { delay: number; status: number; type: string; body: string };

function reply(path: string, method = "GET"): Reply {
  const json = (status: number, body: unknown, delay: number): Reply => ({
    delay,
    status,
    type: "application/json",
    body: JSON.stringify(body),
  });
  switch (path) {
    case "/api/health":
      return json(200, { status: "ok" }, between(5, 30));
    case "/api/search": {
      const slow = Math.random() < 1 / 15;
      return json(
        200,
        { results: [{ id: 1, name: "Anvil" }], took: 0 },
        slow ? between(1500, 3500) : skewed(120, 600),
      );
    }
    case "/api/checkout":
      return Math.random() < 1 / 12
        ? json(500, { error: "payment provider unavailable" }, between(100, 400))
        : json(200, { orderId: Math.floor(Math.random() * 1e6), status: "confirmed" }, skewed(60, 250));
    case "/api/users":
      return json(
        200,
        {
          users: [
            { id: 1, name: "Ada" },
            { id: 2, name: "Linus" },
          ],
        },
        skewed(30, 120),
      );
    case "/login":
      if (method === "POST") return { delay: skewed(20, 90), status: 303, type: "text/plain", body: "" };
      return { delay: skewed(20, 90), status: 200, type: "text/html; charset=utf-8", body: LOGIN_HTML };
    case "/account":
      return { delay: skewed(20, 90), status: 200, type: "text/html; charset=utf-8", body: ACCOUNT_HTML };
    case "/":
      return { delay: skewed(15, 60), status: 200, type: "text/html; charset=utf-8", body: HOME_HTML };
    default:
      return json(404, { error: "not found" }, 2);
  }
}

/** Listens on `preferred` when it is free (any error there: a new port), else on a new port. */
async function listenOn(server: net.Server, preferred: number | undefined): Promise<number> {
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        server.off("error", reject);
        resolve();
      });
    });
  if (preferred && preferred > 0 && preferred < 65536) {
    try {
      await listen(preferred);
      return preferred;
    } catch {
      // taken (or not ours to use): a new port below
    }
  }
  await listen(0);
  return listeningPort(server);
}

/** Passes a delivery for the demo receiver on to the service, answering with the service's answer. */
function forward(req: http.IncomingMessage, res: http.ServerResponse, serviceUrl: string): void {
  const headers: http.OutgoingHttpHeaders = {};
  for (const [k, v] of Object.entries(req.headers))
    if (v !== undefined && (k === "content-type" || k === "content-length" || k.startsWith("x-")))
      headers[k] = v;
  const out = http.request(`${serviceUrl}${req.url ?? "/"}`, { method: "POST", headers }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, {
      "content-type": answer.headers["content-type"] ?? "text/plain",
    });
    answer.pipe(res);
  });
  out.on("error", (err) => {
    if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" });
    res.end(`the service did not answer: ${err.message}`);
  });
  req.pipe(out);
}

export async function startDemoTarget(opts: DemoTargetOptions = {}): Promise<DemoTarget> {
  const timers = new Set<NodeJS.Timeout>();
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    const serviceUrl = opts.serviceUrl?.();
    if (serviceUrl && req.method === "POST" && path.startsWith(`${DEMO_RECEIVER_PATH}/`))
      return forward(req, res, serviceUrl);
    const r = reply(path, req.method);
    req.resume();
    const t = setTimeout(() => {
      timers.delete(t);
      res.writeHead(r.status, {
        "content-type": r.type,
        "cache-control": "no-store",
        ...(r.status === 303 ? { location: "/account" } : {}),
      });
      res.end(r.body);
    }, r.delay);
    timers.add(t);
  });
  const echo = net.createServer((socket) => {
    socket.on("data", (d) => socket.write(d));
    socket.on("error", () => socket.destroy());
  });
  const port = await listenOn(server, opts.port);
  const tcpPort = await listenOn(echo, opts.tcpPort).catch(async (err) => {
    await new Promise<void>((r) => server.close(() => r()));
    throw err;
  });
  return {
    url: `http://127.0.0.1:${port}`,
    tcpPort,
    async close() {
      for (const t of timers) clearTimeout(t);
      timers.clear();
      server.closeAllConnections();
      await Promise.all([
        new Promise<void>((r) => server.close(() => r())),
        new Promise<void>((r) => echo.close(() => r())),
      ]);
    },
  };
}
