/**
 * One HTTP(S) request through node:http/https with a fresh socket (agent: false) so that every phase is
 * observed: socket assigned → DNS lookup → TCP connect (→ TLS) → first byte → end of body.
 * Phases (ms) follow the hosted `timingPhases`: wait (before lookup), dns, tcp (connect incl. TLS),
 * firstByte (request sent → first response byte), download, total.
 *
 * Through a proxy (`proxyUrl`, a private location's; `http://user:password@host:port`, credentials sent as
 * Proxy-Authorization): an http:// target is asked of the proxy in absolute form; an https:// target goes
 * through a CONNECT tunnel, TLS end to end with the target. Then dns/tcp are those of the way to the proxy.
 */
import http from "node:http";
import https from "node:https";
import type { Socket } from "node:net";
import tls from "node:tls";

export type HttpPhases = {
  wait: number;
  dns: number;
  tcp: number;
  firstByte: number;
  download: number;
  total: number;
};

export type HttpResult = {
  status: number;
  statusText: string;
  headers: Record<string, string>;
  body: string;
  phases: HttpPhases;
  url: string;
};

export type HttpRequestSpec = {
  method: string;
  url: string;
  headers?: Record<string, string>;
  body?: string;
  timeoutMs: number;
  signal: AbortSignal;
  skipSSL?: boolean;
  followRedirects?: boolean;
  /** Bodies larger than this are truncated in the result (still fully downloaded for timing). */
  maxBodyBytes?: number;
  /** An HTTP proxy for the request (may embed credentials). */
  proxyUrl?: string | null | undefined;
};

function proxyAuth(proxy: URL): Record<string, string> {
  if (!proxy.username) return {};
  const cred = `${decodeURIComponent(proxy.username)}:${decodeURIComponent(proxy.password)}`;
  return { "proxy-authorization": `Basic ${Buffer.from(cred).toString("base64")}` };
}

/** A tunnel to `url`'s host through the proxy (CONNECT), for an https:// target. */
function tunnel(proxy: URL, url: URL, timeoutMs: number, signal: AbortSignal): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const port = url.port || "443";
    const req = http.request({
      host: proxy.hostname,
      port: proxy.port || 80,
      method: "CONNECT",
      path: `${url.hostname}:${port}`,
      headers: { host: `${url.hostname}:${port}`, ...proxyAuth(proxy) },
      timeout: timeoutMs,
      signal,
    });
    req.once("connect", (res, socket) => {
      if (res.statusCode === 200) resolve(socket);
      else {
        socket.destroy();
        reject(new Error(`the proxy refused the tunnel: HTTP ${res.statusCode}`));
      }
    });
    req.once("error", reject);
    req.end();
  });
}

/** The request options for `url`, direct or through the proxy. */
async function target(
  spec: HttpRequestSpec,
  url: URL,
): Promise<{ mod: typeof http | typeof https; at: URL | string; options: https.RequestOptions }> {
  const base: https.RequestOptions = {
    method: spec.method,
    headers: spec.headers,
    agent: false,
    rejectUnauthorized: !spec.skipSSL,
    signal: spec.signal,
    timeout: spec.timeoutMs,
  };
  const mod = url.protocol === "https:" ? https : url.protocol === "http:" ? http : null;
  if (!mod) throw new Error(`unsupported protocol ${url.protocol}`);
  if (!spec.proxyUrl) return { mod, at: url, options: base };
  const proxy = new URL(spec.proxyUrl);
  if (url.protocol === "http:")
    return {
      mod: http,
      at: `http://${proxy.host}${url.href}`.replace(`http://${proxy.host}http://`, `http://${proxy.host}/`),
      options: {
        ...base,
        host: proxy.hostname,
        port: proxy.port || 80,
        path: url.href,
        headers: { ...spec.headers, host: url.host, ...proxyAuth(proxy) },
      },
    };
  const socket = await tunnel(proxy, url, spec.timeoutMs, spec.signal);
  return {
    mod: https,
    at: url,
    options: {
      ...base,
      createConnection: () =>
        tls.connect({ socket, servername: url.hostname, rejectUnauthorized: !spec.skipSSL }),
    },
  };
}

const round = (n: number) => Math.max(0, Math.round(n * 100) / 100);

async function once(spec: HttpRequestSpec, url: URL): Promise<HttpResult> {
  const t0 = performance.now();
  const { mod, at, options } = await target(spec, url);
  return new Promise((resolve, reject) => {
    let tSocket = t0;
    let tLookup: number | undefined;
    let tConnect: number | undefined;
    let tFirstByte: number | undefined;
    const maxBody = spec.maxBodyBytes ?? 64 * 1024;
    const req = typeof at === "string" ? mod.request(options) : mod.request(at, options);
    const timer = setTimeout(
      () => req.destroy(new Error(`timed out after ${spec.timeoutMs} ms`)),
      spec.timeoutMs,
    );
    req.on("socket", (socket) => {
      tSocket = performance.now();
      socket.once("lookup", () => {
        tLookup = performance.now();
      });
      socket.once("connect", () => {
        tConnect = performance.now();
      });
      socket.once("secureConnect", () => {
        tConnect = performance.now();
      });
    });
    req.on("error", (err) => {
      clearTimeout(timer);
      reject(err);
    });
    req.on("response", (res) => {
      tFirstByte = performance.now();
      const chunks: Buffer[] = [];
      let size = 0;
      res.on("data", (c: Buffer) => {
        if (size < maxBody) chunks.push(c);
        size += c.length;
      });
      res.on("error", (err) => {
        clearTimeout(timer);
        reject(err);
      });
      res.on("end", () => {
        clearTimeout(timer);
        const tEnd = performance.now();
        const lookup = tLookup ?? tSocket;
        const connect = tConnect ?? lookup;
        const first = tFirstByte ?? tEnd;
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(res.headers)) {
          if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(", ") : v;
        }
        resolve({
          status: res.statusCode ?? 0,
          statusText: res.statusMessage ?? "",
          headers,
          body: Buffer.concat(chunks).subarray(0, maxBody).toString("utf8"),
          url: url.toString(),
          phases: {
            wait: round(tSocket - t0),
            dns: round(lookup - tSocket),
            tcp: round(connect - lookup),
            firstByte: round(first - connect),
            download: round(tEnd - first),
            total: round(tEnd - t0),
          },
        });
      });
    });
    if (spec.body !== undefined && spec.body !== "") req.write(spec.body);
    req.end();
  });
}

/** Performs the request, following up to 5 redirects when asked; phases are summed across hops. */
export async function httpRequest(spec: HttpRequestSpec): Promise<HttpResult> {
  let url = new URL(spec.url);
  let total: HttpPhases | undefined;
  for (let hop = 0; ; hop++) {
    const res = await once(spec, url);
    total = total
      ? {
          wait: round(total.wait + res.phases.wait),
          dns: round(total.dns + res.phases.dns),
          tcp: round(total.tcp + res.phases.tcp),
          firstByte: round(total.firstByte + res.phases.firstByte),
          download: round(total.download + res.phases.download),
          total: round(total.total + res.phases.total),
        }
      : res.phases;
    const location = res.headers.location;
    if (spec.followRedirects && location && res.status >= 300 && res.status < 400 && hop < 5) {
      url = new URL(location, url);
      continue;
    }
    return { ...res, phases: total };
  }
}
