/**
 * `vigil agent` behind an HTTPS proxy, end to end: the agent (its own process) reaches the service at
 * `https://vigil.test:PORT` — a name only the proxy resolves — through a real CONNECT proxy that asks for
 * credentials, over TLS to a terminator in front of the service whose certificate (test/fixtures/tls) the
 * agent trusts through NODE_EXTRA_CA_CERTS, as a user with a private CA would. Without the CA the agent
 * refuses the certificate; without the proxy it cannot find the service. Plus the pure proxy choice.
 */
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import net from "node:net";
import { join } from "node:path";
import tls from "node:tls";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { serviceProxyFor, shownProxy } from "../../../src/agent/protocol.ts";
import { ROOT } from "../../e2e/support/paths.ts";
import { startTestService, type TestService } from "../support.ts";
import {
  type AgentProcess,
  completion,
  createLocation,
  createUrlCheck,
  startAgent,
  trigger,
} from "./support.ts";

const CERT = join(ROOT, "test/fixtures/tls/vigil.test.crt");
const KEY = join(ROOT, "test/fixtures/tls/vigil.test.key");
const PROXY_AUTH = `Basic ${Buffer.from("ops:s3cret").toString("base64")}`;

let svc: TestService;
let terminator: tls.Server;
let proxy: Server;
let target: Server;
let tlsPort = 0;
let proxyPort = 0;
let targetUrl = "";
const tunnels: string[] = []; // CONNECT targets the proxy opened
const plain: string[] = []; // requests that tried to use it without CONNECT
const refused: string[] = []; // CONNECTs without the right credentials
const agents: AgentProcess[] = [];

const listen = (s: net.Server) =>
  new Promise<number>((resolve) =>
    s.listen(0, "127.0.0.1", () => resolve((s.address() as net.AddressInfo).port)),
  );

beforeAll(async () => {
  svc = await startTestService({
    scheduler: false,
    agents: { queueWaitMs: 5000, leaseMarginMs: 500, sweepMs: 100 },
  });
  const svcPort = Number(new URL(svc.url).port);
  // TLS in front of the service (what a reverse proxy does on a real server)
  terminator = tls.createServer({ key: readFileSync(KEY), cert: readFileSync(CERT) }, (sock) => {
    const up = net.connect(svcPort, "127.0.0.1");
    sock.pipe(up).pipe(sock);
    sock.on("error", () => up.destroy());
    up.on("error", () => sock.destroy());
  });
  tlsPort = await listen(terminator);
  // a CONNECT-only proxy with credentials; it alone knows where vigil.test is
  proxy = createServer((req, res) => {
    plain.push(`${req.method} ${req.url}`);
    res.writeHead(405, { "content-type": "text/plain" }).end("CONNECT only");
  });
  proxy.on("connect", (req, client: net.Socket, head: Buffer) => {
    client.on("error", () => {});
    if (req.headers["proxy-authorization"] !== PROXY_AUTH) {
      refused.push(req.url ?? "");
      client.end(
        'HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="test"\r\n\r\n',
      );
      return;
    }
    const [host, port] = (req.url ?? "").split(":");
    if (host !== "vigil.test") {
      client.end("HTTP/1.1 502 Bad Gateway\r\n\r\n");
      return;
    }
    tunnels.push(req.url ?? "");
    const up = net.connect(Number(port), "127.0.0.1", () => {
      client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      if (head.length) up.write(head);
      up.pipe(client).pipe(up);
    });
    up.on("error", () => client.destroy());
  });
  proxyPort = await listen(proxy);
  // what the location's check looks at (reached directly by the agent: --proxy is for checks only)
  target = createServer((_req, res) => res.end("ok"));
  targetUrl = `http://127.0.0.1:${await listen(target)}/behind-proxy`;
});

afterEach(async () => {
  await Promise.all(agents.splice(0).map((a) => a.stop("SIGKILL")));
});

afterAll(async () => {
  for (const s of [terminator, proxy, target] as net.Server[]) {
    (s as Server).closeAllConnections?.();
    await new Promise((r) => s.close(r));
  }
  await svc.dispose();
});

const base = () => `https://vigil.test:${tlsPort}`;
const proxyEnv = () => ({ HTTPS_PROXY: `http://ops:s3cret@127.0.0.1:${proxyPort}` });

describe("vigil agent behind an HTTPS proxy", () => {
  it("reaches the service through CONNECT and TLS, runs the location's check, stops cleanly", async () => {
    const loc = await createLocation(svc, "lab-proxy");
    const check = await createUrlCheck(svc, "Behind the proxy", targetUrl, "lab-proxy");
    const agent = startAgent(base(), loc.key, [], { ...proxyEnv(), NODE_EXTRA_CA_CERTS: CERT });
    agents.push(agent);
    const hello = await agent.line(/for private location lab-proxy/);
    expect(hello).toContain(`service reached through http://127.0.0.1:${proxyPort}`);
    expect(hello).not.toContain("s3cret");

    const [session] = await trigger(svc, [check]);
    const done = await completion(svc, session!);
    expect(done.status).toBe("PASSED");
    expect(done.results[0]).toMatchObject({ runLocation: "lab-proxy", hasFailures: false });
    await agent.line(/PASS\s+Behind the proxy/);

    expect(tunnels.length).toBeGreaterThan(0);
    expect(new Set(tunnels)).toEqual(new Set([`vigil.test:${tlsPort}`]));
    expect(plain).toEqual([]);
    expect(refused).toEqual([]);
    // SIGTERM: goodbye said (through the proxy too), exit 0
    expect(await agent.stop("SIGTERM")).toBe(0);
    expect(agent.stdout.at(-1)).toMatch(/stopped$/);
    expect([...agent.stdout, ...agent.stderr].join("\n")).not.toContain(loc.key);
  }, 30_000);

  it("refuses a certificate it does not trust, and cannot find the service without the proxy", async () => {
    const loc = await createLocation(svc, "lab-noca");
    const noCa = startAgent(base(), loc.key, [], proxyEnv());
    const noProxy = startAgent(base(), loc.key, [], { NODE_EXTRA_CA_CERTS: CERT });
    const wrongPassword = startAgent(base(), loc.key, [], {
      HTTPS_PROXY: `http://ops:wrong@127.0.0.1:${proxyPort}`,
      NODE_EXTRA_CA_CERTS: CERT,
    });
    agents.push(noCa, noProxy, wrongPassword);
    expect(await noCa.line(/service unreachable/)).toMatch(
      /through http:\/\/127\.0\.0\.1:\d+ \(.*(CERT|certificate|issuer)/i,
    );
    expect(await noProxy.line(/service unreachable/)).toMatch(/ENOTFOUND|EAI_AGAIN/);
    expect(await wrongPassword.line(/service unreachable/)).toMatch(/407/);
    expect(refused.length).toBeGreaterThan(0);
    for (const a of [noCa, noProxy, wrongPassword]) {
      expect(a.stdout.join("\n")).not.toMatch(/s3cret|wrong@/);
      expect(await a.stop("SIGTERM")).toBe(0);
    }
  }, 30_000);
});

describe("which proxy the agent uses to reach the service", () => {
  const env = { HTTPS_PROXY: "http://p.corp:3128", HTTP_PROXY: "http://plain.corp:8080" };
  it("HTTPS_PROXY for an https service, HTTP_PROXY for an http one (either case)", () => {
    expect(serviceProxyFor("https://vigil.example.com", env)).toBe("http://p.corp:3128");
    expect(serviceProxyFor("http://vigil.example.com:8080", env)).toBe("http://plain.corp:8080");
    expect(serviceProxyFor("https://vigil.example.com", { http_proxy: "http://low:1" })).toBe("http://low:1");
    expect(serviceProxyFor("https://vigil.example.com", {})).toBeUndefined();
  });
  it("never for loopback; not for hosts NO_PROXY names", () => {
    for (const u of ["https://localhost:1", "https://127.0.0.1:1", "https://127.1.2.3", "https://[::1]:1"])
      expect(serviceProxyFor(u, env)).toBeUndefined();
    const no = (v: string, u: string) => serviceProxyFor(u, { ...env, NO_PROXY: v });
    expect(no("*", "https://vigil.example.com")).toBeUndefined();
    expect(no("example.com", "https://vigil.example.com")).toBeUndefined();
    expect(no(".example.com", "https://example.com")).toBeUndefined();
    expect(no("*.example.com", "https://vigil.example.com")).toBeUndefined();
    expect(no("other.com, vigil.example.com:443", "https://vigil.example.com")).toBeUndefined();
    expect(no("vigil.example.com:8443", "https://vigil.example.com")).toBe("http://p.corp:3128");
    expect(no("ample.com", "https://vigil.example.com")).toBe("http://p.corp:3128");
  });
  it("shows a proxy without its credentials", () => {
    expect(shownProxy("http://ops:s3cret@p.corp:3128")).toBe("http://p.corp:3128");
  });
});
