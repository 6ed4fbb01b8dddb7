/**
 * One HTTP(S) request through node:http/https with a fresh socket (agent: false) so that every phase is
 * observed: socket assigned → DNS lookup → TCP connect (→ TLS) → first byte → end of body.
 * Phases (ms) follow the hosted `timingPhases`: wait (before lookup), dns, tcp (connect incl. TLS),
 * firstByte (request sent → first response byte), download, total.
 */
import http from "node:http";
import https from "node:https";

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
};

const round = (n: number) => Math.max(0, Math.round(n * 100) / 100);

function once(spec: HttpRequestSpec, url: URL): Promise<HttpResult> {
  return new Promise((resolve, reject) => {
    const mod = url.protocol === "https:" ? https : url.protocol === "http:" ? http : null;
    if (!mod) {
      reject(new Error(`unsupported protocol ${url.protocol}`));
      return;
    }
    const t0 = performance.now();
    let tSocket = t0;
    let tLookup: number | undefined;
    let tConnect: number | undefined;
    let tFirstByte: number | undefined;
    const maxBody = spec.maxBodyBytes ?? 64 * 1024;
    const req = mod.request(url, {
      method: spec.method,
      headers: spec.headers,
      agent: false,
      rejectUnauthorized: !spec.skipSSL,
      signal: spec.signal,
      timeout: spec.timeoutMs,
    });
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
