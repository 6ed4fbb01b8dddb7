/**
 * A small real HTTP server on loopback (port 0) for client tests: it records every request exactly as
 * received (method, path, query, headers, raw body) and answers from a script of handlers, so tests can
 * inject faults (status codes, Retry-After, slow answers, cut connections, malformed JSON).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

export type RecordedRequest = {
  method: string;
  path: string;
  /** Raw query string without the leading `?` ("" when none). */
  rawQuery: string;
  query: URLSearchParams;
  headers: IncomingMessage["headers"];
  rawBody: string;
  /** Parsed JSON body, or undefined when empty / not JSON. */
  json: unknown;
};

export type Reply =
  | { status?: number; json?: unknown; body?: string; headers?: Record<string, string>; delayMs?: number }
  | { cut: true }
  | { hang: true };

export type Handler = (req: RecordedRequest) => Reply | Promise<Reply>;

export class ScriptedServer {
  readonly requests: RecordedRequest[] = [];
  #queue: Handler[] = [];
  #fallback: Handler = () => ({
    status: 404,
    json: { statusCode: 404, error: "Not Found", message: "no reply scripted" },
  });
  #server: Server;
  #sockets = new Set<Socket>();
  url = "";

  constructor() {
    this.#server = createServer((req, res) => void this.#handle(req, res));
    this.#server.on("connection", (s) => {
      this.#sockets.add(s);
      s.on("close", () => this.#sockets.delete(s));
    });
  }

  async start(): Promise<this> {
    await new Promise<void>((r) => this.#server.listen(0, "127.0.0.1", r));
    const { port } = this.#server.address() as AddressInfo;
    this.url = `http://127.0.0.1:${port}`;
    return this;
  }

  /** Answer the next request(s) with these handlers, in order; then fall back to `always`. */
  reply(...handlers: (Handler | Reply)[]): this {
    for (const h of handlers) this.#queue.push(typeof h === "function" ? h : () => h);
    return this;
  }

  always(h: Handler | Reply): this {
    this.#fallback = typeof h === "function" ? h : () => h;
    return this;
  }

  get last(): RecordedRequest {
    const r = this.requests.at(-1);
    if (!r) throw new Error("no request recorded");
    return r;
  }

  async close(): Promise<void> {
    for (const s of this.#sockets) s.destroy();
    await new Promise<void>((r) => this.#server.close(() => r()));
  }

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const rawBody = Buffer.concat(chunks).toString("utf8");
    const u = new URL(req.url ?? "/", "http://x");
    let json: unknown;
    try {
      json = rawBody ? JSON.parse(rawBody) : undefined;
    } catch {
      json = undefined;
    }
    const rec: RecordedRequest = {
      method: req.method ?? "",
      path: u.pathname,
      rawQuery: u.search.replace(/^\?/, ""),
      query: u.searchParams,
      headers: req.headers,
      rawBody,
      json,
    };
    this.requests.push(rec);
    const handler = this.#queue.shift() ?? this.#fallback;
    const reply = await handler(rec);
    if ("cut" in reply) {
      req.socket.destroy();
      return;
    }
    if ("hang" in reply) return;
    if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
    const body = reply.body ?? (reply.json === undefined ? "" : JSON.stringify(reply.json));
    res.writeHead(reply.status ?? 200, {
      ...(reply.json !== undefined ? { "content-type": "application/json" } : {}),
      ...reply.headers,
    });
    res.end(body);
  }
}

/** The hosted error body shape. */
export function errorBody(
  statusCode: number,
  error: string,
  message: string,
  extra: Record<string, unknown> = {},
) {
  return { statusCode, error, message, ...extra };
}
