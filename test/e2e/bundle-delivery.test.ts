/**
 * Alert deliveries from the bundle (dist/vigil.js, what `npx vigil` and `npm start` run), not from source:
 * the HTTP transports load undici on the first delivery, and in the bundle that import once gave a
 * namespace without `request` — every WEBHOOK and CHAT delivery failed "network error: o is not a
 * function" while the tests, which run the sources, passed. A failing check on the demo workspace: its
 * WEBHOOK delivery reaches the demo receiver on loopback, signed, and the log says SUCCESS.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { until } from "../support/until.ts";
import { ensureBundle } from "./support/bundle.ts";
import { BUNDLE, CACHE_HOME, NODE } from "./support/paths.ts";

let child: ChildProcess;
let root: string;
let url: string;
let key: string;

// biome-ignore lint/suspicious/noExplicitAny: API replies are read field by field
async function api(method: string, path: string, body?: unknown): Promise<any> {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${key}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
  return text ? JSON.parse(text) : undefined;
}

beforeAll(async () => {
  await ensureBundle();
  root = mkdtempSync(join(tmpdir(), "vigil-bundle-delivery-"));
  child = spawn(NODE, [BUNDLE, "serve", "--port", "0", "--data", join(root, "data")], {
    env: {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      HOME: root,
      XDG_CONFIG_HOME: join(root, "config"),
      XDG_CACHE_HOME: CACHE_HOME,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout?.on("data", (d: Buffer) => {
    out += d.toString();
  });
  url = await until("vigil serve (the bundle) to listen", 15_000, () => /listening on (\S+)/.exec(out)?.[1]);
  key = readFileSync(join(root, "data", "api-key"), "utf8").trim();
}, 60_000);

afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    await exited;
  }
  if (root) rmSync(root, { recursive: true, force: true });
});

describe("the bundle's alert deliveries", () => {
  it("a failing check's WEBHOOK delivery reaches the demo receiver and is logged SUCCESS", async () => {
    const channels: { id: number; type: string }[] = await api("GET", "/v1/alert-channels");
    const webhook = channels.find((c) => c.type === "WEBHOOK");
    expect(webhook, "the demo workspace has a WEBHOOK channel").toBeDefined();
    const check = await api("POST", "/v1/checks/url", {
      name: "bundle delivery probe",
      activated: true,
      frequency: 60,
      request: { url: "http://127.0.0.1:1/nothing-listens-here" },
      alertChannelSubscriptions: [{ alertChannelId: webhook!.id, activated: true }],
    });
    await api("POST", "/v1/check-sessions/trigger", { target: { checkId: [check.id] } });

    // biome-ignore lint/suspicious/noExplicitAny: the delivery log, read field by field
    const delivery = await until("the probe's WEBHOOK delivery to finish", 30_000, async (): Promise<any> => {
      const rows: Record<string, unknown>[] = await api("GET", "/v1/alert-notifications?limit=100");
      return rows.find(
        (r) =>
          r.checkId === check.id &&
          r.alertChannelId === webhook!.id &&
          (r.status === "SUCCESS" || r.status === "FAILURE" || typeof r.lastError === "string"),
      );
    });
    expect(JSON.stringify(delivery)).not.toMatch(/is not a function/);
    expect(delivery.status).toBe("SUCCESS");
    const received: { name: string; signature: string }[] = await api("GET", "/v1/demo/receiver");
    expect(received.some((r) => r.name === "webhook" && r.signature === "valid")).toBe(true);
  }, 60_000);
});
