/**
 * Test support for the embedded service: start it on loopback port 0 in a fresh temp data dir (no demo, no
 * scheduler), and a tiny JSON caller that returns status, headers and parsed body.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type RunningService, type StartOptions, startService } from "../../src/service/main.ts";

export const TEST_KEY = "test-key-0123456789";

/** Parsed JSON of a reply; read loosely in tests (shapes are asserted explicitly). */
// biome-ignore lint/suspicious/noExplicitAny: test replies are inspected field by field
export type Json = any;

export type Reply = { status: number; headers: Headers; body: Json; text: string };

export type TestService = {
  url: string;
  apiKey: string;
  dataDir: string;
  call(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Reply>;
  /** The service's retention (sweep on demand). */
  retention: RunningService["retention"];
  /** The alerting module: `idle()` resolves once no delivery attempt is in flight. */
  alerting: RunningService["alerting"];
  close(): Promise<void>;
  /** Close, and remove the data dir. */
  dispose(): Promise<void>;
};

export function tempDir(prefix = "vigil-svc-"): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export async function call(
  baseUrl: string,
  apiKey: string | undefined,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Reply> {
  const h: Record<string, string> = { ...headers };
  if (apiKey !== undefined) h.authorization = `Bearer ${apiKey}`;
  let payload: string | undefined;
  if (body !== undefined) {
    payload = typeof body === "string" ? body : JSON.stringify(body);
    h["content-type"] ??= "application/json";
  }
  const res = await fetch(`${baseUrl}${path}`, { method, headers: h, body: payload });
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: res.status, headers: res.headers, body: parsed, text };
}

export async function startTestService(opts: Partial<StartOptions> = {}): Promise<TestService> {
  const dataDir = opts.dataDir ?? tempDir();
  const svc = await startService({ dataDir, demo: false, scheduler: false, apiKey: TEST_KEY, ...opts });
  return {
    url: svc.url,
    apiKey: svc.apiKey,
    dataDir,
    retention: svc.retention,
    alerting: svc.alerting,
    call: (method, path, body, headers) => call(svc.url, svc.apiKey, method, path, body, headers),
    close: () => svc.close(),
    async dispose() {
      await svc.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The hosted error body shape every failure must have. */
export function expectErrorShape(body: Json, status: number): void {
  if (typeof body !== "object" || body === null) throw new Error(`no JSON error body (status ${status})`);
  if (body.statusCode !== status) throw new Error(`statusCode ${body.statusCode} != ${status}`);
  if (typeof body.error !== "string" || typeof body.message !== "string")
    throw new Error("error/message missing");
}
