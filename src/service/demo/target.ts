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
 */
import http from "node:http";
import net from "node:net";

export type DemoTarget = { url: string; tcpPort: number; close(): Promise<void> };

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

export async function startDemoTarget(): Promise<DemoTarget> {
  const timers = new Set<NodeJS.Timeout>();
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
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
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  await new Promise<void>((resolve) => echo.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  const tcpPort = (echo.address() as net.AddressInfo).port;
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
