/**
 * `vigil serve` (a child process) under abusive requests: bodies over the limit refused with 413 before
 * they are read, whatever the framing; a body that is not JSON-typed (415) or not UTF-8 (400); numbers
 * in the query read strictly; free-text caps; and the service answering normally afterwards.
 */

import { readFileSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exited, type Started, serve } from "./serve-child.ts";
import { call, expectErrorShape, tempDir } from "./support.ts";

let started: Started;
let url = "";
let key = "";
const data = tempDir();

beforeAll(async () => {
  started = await serve(["--port", "0", "--data", data, "--no-demo"]);
  url = started.firstLine.slice("listening on ".length);
  key = readFileSync(join(data, "api-key"), "utf8").trim();
});
afterAll(async () => {
  started.child.kill("SIGTERM");
  await exited(started.child);
  rmSync(data, { recursive: true, force: true });
});

const MiB = 1024 * 1024;

/**
 * A raw request: `chunks` written one by one, each after the previous drained, and no more once the answer
 * came (no Content-Length unless given; `end: false` leaves the body unfinished); the status and body.
 */
function raw(
  path: string,
  chunks: Buffer[],
  headers: Record<string, string>,
  opts: { end?: boolean } = {},
): Promise<{ status: number; body: string; ms: number }> {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const u = new URL(path, url);
    const req = httpRequest(
      {
        host: u.hostname,
        port: u.port,
        path: u.pathname + u.search,
        method: "POST",
        headers: { authorization: `Bearer ${key}`, ...headers },
      },
      (res) => {
        answered = true;
        let body = "";
        res.on("data", (d) => {
          body += String(d);
        });
        res.on("end", () => {
          resolve({ status: res.statusCode ?? 0, body, ms: performance.now() - t0 });
          req.destroy();
        });
      },
    );
    let answered = false;
    req.on("error", (err) => {
      // the server may close the connection while the client still writes: an early answer is what we want
      if (
        (err as NodeJS.ErrnoException).code !== "EPIPE" &&
        (err as NodeJS.ErrnoException).code !== "ECONNRESET"
      )
        reject(err);
    });
    (async () => {
      for (const c of chunks) {
        if (answered || req.destroyed) return;
        if (!req.write(c)) await new Promise((r) => req.once("drain", r));
      }
      if (opts.end !== false && !answered) req.end();
    })().catch(() => {});
  });
}

describe("request bodies", () => {
  it("accepts a body just under the limit (1 MiB by default)", async () => {
    const body = `{"name":"big but fine"${" ".repeat(MiB - 40)}}`;
    expect(Buffer.byteLength(body)).toBeLessThan(MiB);
    const r = await call(url, key, "POST", "/v1/status-pages/services", body);
    expect(r.status).toBe(201);
  });

  it("refuses a body over the limit with 413 from its Content-Length, before reading it", async () => {
    // 100 MB announced, 64 KB sent: the answer comes from the header, with the rest never sent
    const r = await raw(
      "/v1/status-pages/services",
      [Buffer.alloc(64 * 1024, 0x20)],
      { "content-type": "application/json", "content-length": String(100 * MiB) },
      { end: false },
    );
    expect(r.status).toBe(413);
    const body = JSON.parse(r.body);
    expectErrorShape(body, 413);
    expect(body.message).toContain(String(MiB));
  });

  it("refuses a chunked body once it passes the limit (no Content-Length)", async () => {
    const chunk = Buffer.alloc(256 * 1024, 0x20);
    const r = await raw(
      "/v1/status-pages/services",
      Array.from({ length: 16 }, () => chunk),
      {
        "content-type": "application/json",
        "transfer-encoding": "chunked",
      },
    );
    expect(r.status).toBe(413);
    expectErrorShape(JSON.parse(r.body), 413);
  });

  it("a JSON body must say so (415) and be valid UTF-8 (400)", async () => {
    const plain = await call(url, key, "POST", "/v1/status-pages/services", '{"name":"x"}', {
      "content-type": "text/plain",
    });
    expect(plain.status).toBe(415);
    expectErrorShape(plain.body, 415);
    const latin1 = await raw(
      "/v1/status-pages/services",
      [Buffer.from([0x7b, 0x22, 0x6e, 0x61, 0x6d, 0x65, 0x22, 0x3a, 0x22, 0xe9, 0x22, 0x7d])],
      {
        "content-type": "application/json",
      },
    );
    expect(latin1.status).toBe(400);
    expect(JSON.parse(latin1.body).message).toBe("Invalid request payload: not valid UTF-8");
    const charset = await call(url, key, "POST", "/v1/status-pages/services", '{"name":"ok"}', {
      "content-type": "application/json; charset=utf-8",
    });
    expect(charset.status).toBe(201);
  });

  it("caps free text with a 400 naming the field", async () => {
    const svc = (await call(url, key, "POST", "/v1/status-pages/services", { name: "Capped" })).body;
    const r = await call(url, key, "POST", "/v1/status-pages/incidents", {
      name: "n",
      severity: "MINOR",
      services: [{ id: svc.id }],
      incidentUpdates: [{ description: "x".repeat(10_001) }],
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(
      '"incidentUpdates[0].description" length must be less than or equal to 10000 characters long',
    );
    const name = await call(url, key, "POST", "/v1/status-pages/services", { name: "x".repeat(256) });
    expect(name.status).toBe(400);
    expect(name.body.validation.keys).toEqual(["name"]);
  });
});

describe("query numbers are read strictly", () => {
  it.each(["0x10", "1e1", "16abc", " 16"])("limit=%s is a 400, not 16", async (v) => {
    const r = await call(url, key, "GET", `/v1/checks?limit=${encodeURIComponent(v)}`);
    expect(r.status).toBe(400);
    expect(r.body.validation.source).toBe("query");
  });

  it("and still answers normally after all of the above", async () => {
    expect((await call(url, key, "GET", "/v1/checks?limit=16")).status).toBe(200);
  });
});
