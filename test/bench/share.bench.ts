/**
 * `vigil share` benchmarks (issue 14), with the real OpenSSH client (`ssh -tt`, one process per viewer):
 * - share.rss.{1,10,20}viewers.MB: RSS of the `vigil share` process with that many viewers on the checks
 *   pane (once every viewer has drawn and their output has rested for a second).
 * - share.requestsPerMin.{1,20}viewers: the API requests the service sees in one minute (a minute holds one
 *   refresh of every polled resource, so the two are comparable).
 * - share.keyToFrame.p95.ms: a key typed into a viewer's ssh → the first byte of the new frame back
 *   (30 moves, j/k, 250 ms apart; over loopback SSH, so it includes encryption both ways).
 * The served API is `vigil serve` with the demo workspace, behind a request-counting proxy.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { NODE, ROOT } from "../e2e/support/paths.ts";
import { recordingProxy } from "../e2e/support/recording-proxy.ts";
import { serve } from "../e2e/support/service.ts";
import { until } from "../support/until.ts";
import type { Figure } from "./run.ts";

const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;

export default async function bench(report: (f: Figure) => void): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "vigil-share-bench-"));
  const served = await serve({ demo: true });
  const proxy = await recordingProxy(served.url);
  execFileSync("/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-f", join(dir, "key")]);
  writeFileSync(join(dir, "authorized_keys"), readFileSync(join(dir, "key.pub")));
  const share = spawn(
    NODE,
    [
      join(ROOT, "src/cli/main.ts"),
      "share",
      "--listen",
      "127.0.0.1:0",
      "--authorized-keys",
      join(dir, "authorized_keys"),
    ],
    {
      env: {
        PATH: process.env.PATH ?? "",
        HOME: dir,
        XDG_DATA_HOME: join(dir, "data"),
        VIGIL_BASE_URL: proxy.url,
        VIGIL_API_KEY: served.apiKey,
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  share.stderr?.resume();
  const port = await new Promise<number>((resolve) => {
    let out = "";
    share.stdout?.on("data", (d: Buffer) => {
      out += d.toString();
      const m = /ssh:\/\/127\.0\.0\.1:(\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
  });
  const args = [
    "-p",
    String(port),
    "-i",
    join(dir, "key"),
    "-o",
    "StrictHostKeyChecking=no",
    "-o",
    "UserKnownHostsFile=/dev/null",
    "-o",
    "LogLevel=ERROR",
    "-tt",
    "127.0.0.1",
  ];
  const viewers: ChildProcess[] = [];
  const drawn = new Set<ChildProcess>();
  let lastOutputAt = 0;
  // the new viewers have all drawn, and nothing has been written to any viewer for a second
  const add = async (n: number) => {
    while (viewers.length < n) {
      const v = spawn("/usr/bin/ssh", args, { stdio: ["pipe", "pipe", "ignore"] });
      v.stdout?.on("data", () => {
        drawn.add(v);
        lastOutputAt = performance.now();
      });
      viewers.push(v);
    }
    await until(`${n} viewers drawn and at rest`, 60_000, () =>
      viewers.every((v) => drawn.has(v)) ? performance.now() - lastOutputAt >= 1000 : false,
    );
  };
  const perMinute = async () => {
    const n0 = proxy.requests.length;
    await sleep(60_000);
    const seen = proxy.requests
      .slice(n0)
      .map((r) => `${r.method} ${r.path.replace(/[0-9a-f-]{36}/g, ":id").replace(/\?.*/, "")}`);
    const by = new Map<string, number>();
    for (const s of seen) by.set(s, (by.get(s) ?? 0) + 1);
    process.stderr.write(`requests in 60 s: ${JSON.stringify(Object.fromEntries(by))}\n`);
    return seen.length;
  };
  try {
    await add(1);
    report({ figure: "share.rss.1viewers.MB", value: Math.round(rssMb(share.pid!)), unit: "MB" });
    report({ figure: "share.requestsPerMin.1viewers", value: await perMinute(), unit: "requests/min" });

    // key → frame on the first viewer
    const first = viewers[0]!;
    const times: number[] = [];
    for (let i = 0; i < 30; i++) {
      const t0 = performance.now();
      const got = new Promise<void>((resolve) => first.stdout?.once("data", () => resolve()));
      first.stdin?.write(i % 2 === 0 ? "j" : "k");
      await got;
      times.push(performance.now() - t0);
      await sleep(250);
    }
    times.sort((a, b) => a - b);
    report({
      figure: "share.keyToFrame.p95.ms",
      value: Math.round(times[Math.floor(times.length * 0.95)]! * 10) / 10,
      unit: "ms",
      p50: Math.round(times[Math.floor(times.length / 2)]! * 10) / 10,
    });

    await add(10);
    report({ figure: "share.rss.10viewers.MB", value: Math.round(rssMb(share.pid!)), unit: "MB" });
    await add(20);
    report({ figure: "share.rss.20viewers.MB", value: Math.round(rssMb(share.pid!)), unit: "MB" });
    report({ figure: "share.requestsPerMin.20viewers", value: await perMinute(), unit: "requests/min" });
  } finally {
    for (const v of viewers) v.kill("SIGKILL");
    share.kill("SIGTERM");
    await proxy.close();
    await served.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
