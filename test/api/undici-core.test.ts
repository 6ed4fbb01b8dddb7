/**
 * The client's HTTP layer is undici's core imported by path (src/api/undici-core.ts), and undici's HTTP/2
 * half loads node:http2 with its first HTTP/2 session (patches/undici+8.12.4.patch): the same classes as
 * undici's index, the same requests on the wire, and a process that speaks HTTP/1.1 never loads
 * node:http2 or node:tls.
 */
import { execFile } from "node:child_process";
import { createServer, type IncomingMessage, type Server } from "node:http";
import { createServer as createH2Server, type Http2Server } from "node:http2";
import type { AddressInfo } from "node:net";
import { resolve } from "node:path";
import * as undici from "undici";
import { afterEach, expect, it } from "vitest";
import { Agent, errors, request } from "../../src/api/undici-core.ts";

const ROOT = resolve(import.meta.dirname, "../..");
const servers: (Server | Http2Server)[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

async function listen<S extends Server | Http2Server>(server: S): Promise<string> {
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

it("is undici's own Agent and error classes", () => {
  expect(Agent).toBe(undici.Agent);
  expect(errors).toBe(undici.errors);
  expect(errors.HeadersTimeoutError).toBe(undici.errors.HeadersTimeoutError);
});

it("sends the method, path, query, headers and body to the URL's origin and reads the answer", async () => {
  const seen: { method?: string; url?: string; auth?: string; body: string }[] = [];
  const url = await listen(
    createServer((req: IncomingMessage, res) => {
      let body = "";
      req.on("data", (c: Buffer) => {
        body += c.toString();
      });
      req.on("end", () => {
        seen.push({ method: req.method, url: req.url, auth: req.headers.authorization, body });
        res.writeHead(201, { "content-type": "application/json", "x-answer": "yes" }).end('{"ok":true}');
      });
    }),
  );
  const agent = new Agent();
  try {
    const res = await request(`${url}/v1/checks?limit=2&page=3`, {
      method: "POST",
      headers: { authorization: "Bearer k" },
      body: '{"name":"x"}',
      dispatcher: agent,
    });
    expect(res.statusCode).toBe(201);
    expect(res.headers["x-answer"]).toBe("yes");
    expect(await res.body.json()).toEqual({ ok: true });
    const plain = await request(`${url}/v1/checks`, { method: "GET", dispatcher: agent });
    await plain.body.dump();
  } finally {
    await agent.close();
  }
  expect(seen).toEqual([
    { method: "POST", url: "/v1/checks?limit=2&page=3", auth: "Bearer k", body: '{"name":"x"}' },
    { method: "GET", url: "/v1/checks", auth: undefined, body: "" },
  ]);
});

/** Runs `code` (an ES module) in a child Node from the repository root; resolves with its stdout's JSON. */
function child(code: string): Promise<unknown> {
  return new Promise((done, fail) => {
    execFile(
      process.execPath,
      ["--input-type=module", "-e", code],
      { cwd: ROOT, timeout: 60_000 },
      (err, stdout, stderr) => {
        if (err) fail(new Error(`${err.message}\n${stderr}`));
        else done(JSON.parse(stdout));
      },
    );
  });
}

const LOADED = "process.moduleLoadList.filter((m) => /^NativeModule (http2|tls)$/.test(m))";

it("an HTTP/1.1 client loads neither node:http2 nor node:tls", async () => {
  const url = await listen(createServer((_req, res) => res.end("pong")));
  const out = await child(`
    const { Agent, request } = await import(${JSON.stringify(`${ROOT}/src/api/undici-core.ts`)});
    const agent = new Agent();
    const res = await request(${JSON.stringify(`${url}/ping`)}, { method: "GET", dispatcher: agent });
    const text = await res.body.text();
    await agent.close();
    console.log(JSON.stringify({ text, loaded: ${LOADED} }));
  `);
  expect(out).toEqual({ text: "pong", loaded: [] });
});

it("an HTTP/2 session loads node:http2 when it starts, and works", async () => {
  const url = await listen(
    createH2Server((req, res) => {
      res.end(`h2 ${req.httpVersion} ${req.url}`);
    }),
  );
  const out = await child(`
    const { default: H2CClient } = await import("undici/lib/dispatcher/h2c-client.js");
    const { default: apiRequest } = await import("undici/lib/api/api-request.js");
    const before = ${LOADED};
    const client = new H2CClient(${JSON.stringify(url)});
    const res = await apiRequest.call(client, { origin: ${JSON.stringify(url)}, path: "/two", method: "GET" });
    const text = await res.body.text();
    await client.close();
    console.log(JSON.stringify({ before, text, after: ${LOADED}.includes("NativeModule http2") }));
  `);
  expect(out).toEqual({ before: [], text: "h2 2.0 /two", after: true });
});
