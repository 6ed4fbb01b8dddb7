/**
 * The demo's private-location agent: a real `vigil agent` process for the demo location (office-lab), so
 * that location runs its checks — and shows an agent alive — from the first screen. Each start makes the
 * agent a fresh key (the previous demo key is deleted; only its id is kept, in `meta`) and hands it over in
 * the child's environment, never through the API or a file. The child gets no other secret (not the
 * service's API key) and an IPC channel, so it stops when the service goes away. It is stopped with the
 * demo; if it dies on its own, that is logged and the location truthfully shows no agent.
 */

import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { isSea } from "node:sea";
import { fileURLToPath } from "node:url";
import type { Repo } from "../repo/store.ts";
import { isoMs } from "../repo/util.ts";

/**
 * The arguments that start `vigil` again: src/cli/main.ts from source, dist/vigil.js in the bundle, none in
 * the single executable (`npm run package`: the executable is the program).
 */
function vigilEntry(): string[] {
  if (isSea()) return [];
  return [entryFile()];
}

function entryFile(): string {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith(".ts")) return join(dirname(here), "..", "..", "cli", "main.ts");
  const beside = join(dirname(here), "vigil.js");
  return existsSync(beside) ? beside : join(dirname(dirname(here)), "vigil.js");
}

const KEY_META = "demo_agent_key_id";

/** Replaces the demo agent's key: the new raw key (for the child only). */
function freshKey(repo: Repo, locationId: string, now: number): string {
  const old = repo.getMeta(KEY_META);
  if (old) repo.deleteKey(locationId, old);
  const key = repo.createKey(locationId, isoMs(now));
  repo.setMeta(KEY_META, key.id);
  return key.rawKey;
}

/** What the agent may see of this process's environment: where things are, no secrets. */
function childEnv(key: string): NodeJS.ProcessEnv {
  const keep = ["PATH", "HOME", "LANG", "TMPDIR", "XDG_CACHE_HOME", "VIGIL_CHROMIUM"];
  const env: NodeJS.ProcessEnv = { VIGIL_AGENT_KEY: key };
  for (const k of keep) if (process.env[k] !== undefined) env[k] = process.env[k];
  return env;
}

export function startDemoAgent(opts: {
  repo: Repo;
  slug: string;
  now: () => number;
  publicUrl: string;
  logError: (err: unknown) => void;
}): { stop(): Promise<void> } {
  const loc = opts.repo.locationBySlug(opts.slug);
  if (!loc) return { stop: async () => {} }; // the user deleted the demo location
  const child: ChildProcess = spawn(
    process.execPath,
    [...vigilEntry(), "agent", "--base-url", opts.publicUrl, "--concurrency", "2"],
    { env: childEnv(freshKey(opts.repo, loc.id, opts.now())), stdio: ["ignore", "ignore", "pipe", "ipc"] },
  );
  let stopping = false;
  let stderr = "";
  child.stderr?.on("data", (d: Buffer) => {
    stderr = (stderr + d.toString("utf8")).slice(-2000);
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.once("exit", (code, signal) => {
    if (stopping) return;
    // an event, not a fault of the service: one line (a string: the log writes an Error's stack)
    const last = stderr.trim().split("\n").at(-1) ?? "";
    opts.logError(
      `the demo agent of ${opts.slug} stopped (${signal ?? `exit ${code}`})${last ? `: ${last}` : ""}`,
    );
  });
  child.once("error", opts.logError);
  return {
    async stop() {
      stopping = true;
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        const late = setTimeout(() => child.kill("SIGKILL"), 5000);
        await exited;
        clearTimeout(late);
      }
    },
  };
}
