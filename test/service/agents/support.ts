/**
 * Test support for private-location agents: `vigil agent` started as its own process (from source, with
 * Node 24) against a service on loopback, its output collected line by line; and the few API calls the
 * agent tests make (a location, a URL check at it, a triggered run and its results).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import { NODE, ROOT } from "../../e2e/support/paths.ts";
import type { Json, TestService } from "../support.ts";

export type AgentProcess = {
  child: ChildProcess;
  stdout: string[];
  stderr: string[];
  /** Resolves with the first stdout line matching `re` (rejects after `ms`). */
  line(re: RegExp, ms?: number): Promise<string>;
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
};

export function startAgent(
  url: string,
  key: string,
  extra: string[] = [],
  env: Record<string, string> = {},
): AgentProcess {
  const child = spawn(NODE, [join(ROOT, "src/cli/main.ts"), "agent", "--base-url", url, ...extra], {
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "/tmp", VIGIL_AGENT_KEY: key, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const stdout: string[] = [];
  const stderr: string[] = [];
  const waiters: { re: RegExp; resolve(l: string): void }[] = [];
  let buf = "";
  child.stdout?.on("data", (d: Buffer) => {
    buf += d.toString("utf8");
    const lines = buf.split("\n");
    buf = lines.pop() ?? "";
    for (const l of lines) {
      stdout.push(l);
      for (const w of [...waiters])
        if (w.re.test(l)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(l);
        }
    }
  });
  child.stderr?.on("data", (d: Buffer) => stderr.push(...d.toString("utf8").split("\n").filter(Boolean)));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return {
    child,
    stdout,
    stderr,
    exited,
    line(re, ms = 15_000) {
      const seen = stdout.find((l) => re.test(l));
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const t = setTimeout(
          () =>
            reject(
              new Error(
                `no agent line ${re} within ${ms} ms; got:\n${stdout.join("\n")}\n${stderr.join("\n")}`,
              ),
            ),
          ms,
        );
        waiters.push({
          re,
          resolve: (l) => {
            clearTimeout(t);
            resolve(l);
          },
        });
      });
    },
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return await exited;
    },
  };
}

export async function createLocation(
  svc: TestService,
  slug: string,
  proxyUrl?: string,
): Promise<{ id: string; key: string; keyId: string }> {
  const r = await svc.call("POST", "/v1/private-locations", {
    name: `Location ${slug}`,
    slugName: slug,
    ...(proxyUrl ? { proxyUrl } : {}),
  });
  if (r.status !== 201) throw new Error(`location: ${r.status} ${r.text}`);
  return { id: r.body.id, key: r.body.keys[0].rawKey, keyId: r.body.keys[0].id };
}

export async function createUrlCheck(
  svc: TestService,
  name: string,
  url: string,
  slug: string,
): Promise<string> {
  const r = await svc.call("POST", "/v1/checks/url", {
    name,
    frequency: 60,
    locations: [],
    privateLocations: [slug],
    maxResponseTime: 2000,
    degradedResponseTime: 1500,
    request: { url },
  });
  if (r.status !== 201) throw new Error(`check: ${r.status} ${r.text}`);
  return r.body.id;
}

/** Triggers the checks; resolves with their session ids. */
export async function trigger(svc: TestService, checkIds: string[]): Promise<string[]> {
  const r = await svc.call("POST", "/v1/check-sessions/trigger", { target: { checkId: checkIds } });
  if (r.status >= 300) throw new Error(`trigger: ${r.status} ${r.text}`);
  return r.body.sessions.map((s: Json) => s.checkSessionId);
}

/** Waits for the session to end; its results. */
export async function completion(svc: TestService, sessionId: string): Promise<Json> {
  for (let i = 0; i < 10; i++) {
    const r = await svc.call("GET", `/v1/check-sessions/${sessionId}/completion?maxWaitSeconds=10`);
    if (r.status === 200 && r.body.status !== "STARTED") break;
  }
  const s = await svc.call("GET", `/v1/check-sessions/${sessionId}`);
  return s.body;
}

export async function results(svc: TestService, checkId: string): Promise<Json[]> {
  return (await svc.call("GET", `/v1/check-results/${checkId}?limit=100`)).body;
}

export const location = async (svc: TestService, id: string): Promise<Json> =>
  (await svc.call("GET", `/v1/private-locations/${id}`)).body;
