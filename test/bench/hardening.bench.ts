/**
 * Embedded-service hardening benchmarks (issue 10, design.md §4):
 * - service.body.limit.bytes: the largest body accepted (the limit, checked: limit accepted, limit+1 → 413).
 * - service.body.refuse100MB.ms: a 100 MB upload with its Content-Length → the 413 answer (median of 5).
 * - service.retention.1M: 1M stored runs over 60 days (100 checks), one retention sweep with the default
 *   30-day window in a fresh `vigil serve`-like process: sweep time, rows deleted, RSS and database size
 *   before and after.
 * - service.incidentUpdate.post4000.ratio: POST of an incident update on an incident holding 4,000 updates
 *   over the same on a fresh incident (budget ≤ 2×).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDataDir } from "../../src/service/db/data-dir.ts";
import { startService } from "../../src/service/main.ts";
import { generate } from "./history.ts";
import type { Figure } from "./run.ts";

const KEY = "bench-key-0123456789";
const headers = { authorization: `Bearer ${KEY}`, "content-type": "application/json" };
const MiB = 1024 * 1024;

/** POST a valid JSON body of exactly `size` bytes (`{"name":"x"` + spaces + `}`), streamed; status and time. */
function post(url: string, size: number): Promise<{ status: number; ms: number }> {
  const u = new URL(url);
  const head = Buffer.from('{"name":"x"');
  const spaces = Buffer.alloc(MiB, 0x20);
  const t0 = performance.now();
  return new Promise((resolve) => {
    const req = request(
      {
        host: u.hostname,
        port: u.port,
        path: u.pathname,
        method: "POST",
        headers: { ...headers, "content-length": size },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - t0 }));
      },
    );
    req.on("error", () => {}); // the server may close the connection before the upload ends
    let left = size - head.length - 1;
    req.write(head);
    const pump = () => {
      while (left > 0 && !req.destroyed) {
        const n = Math.min(left, spaces.length);
        left -= n;
        if (!req.write(spaces.subarray(0, n))) return void req.once("drain", pump);
      }
      req.end("}");
    };
    pump();
  });
}

async function bodies(report: (f: Figure) => void) {
  const dataDir = mkdtempSync(join(tmpdir(), "vigil-bench-body-"));
  const svc = await startService({ dataDir, demo: false, scheduler: false, apiKey: KEY, logError: () => {} });
  try {
    const url = `${svc.url}/v1/status-pages/services`;
    const atLimit = await post(url, MiB);
    const over = await post(url, MiB + 1);
    report({
      figure: "service.body.limit.bytes",
      value: atLimit.status < 413 && over.status === 413 ? MiB : -1,
      atLimitStatus: atLimit.status,
      overStatus: over.status,
    });
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await post(url, 100 * MiB);
      if (r.status !== 413) throw new Error(`100 MB body answered ${r.status}`);
      times.push(r.ms);
    }
    times.sort((a, b) => a - b);
    report({
      figure: "service.body.refuse100MB.ms",
      value: Math.round(times[2]!),
      max: Math.round(times[4]!),
    });
  } finally {
    await svc.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function retention1M(report: (f: Figure) => void) {
  const dataDir = mkdtempSync(join(tmpdir(), "vigil-bench-retention-"));
  try {
    const { db } = await openDataDir(dataDir);
    // 100 checks × 10,000 runs, one every ~8.6 min: 60 days of history, half of it past the 30-day window
    generate(db, Date.now(), 100, 10_000, Math.round((60 * 86_400_000) / 10_000));
    db.close();
    const node = join(process.cwd(), "node_modules/.bin/node");
    const r = spawnSync(node, [join(process.cwd(), "test/bench/retention-child.ts"), dataDir], {
      encoding: "utf8",
    });
    if (r.status !== 0) throw new Error(`retention child failed: ${r.stderr}`);
    const out = JSON.parse(r.stdout) as {
      ms: number;
      deleted: Record<string, number>;
      before: { rss: number; db: number };
      after: { rss: number; db: number };
    };
    report({
      figure: "service.retention.1M.sweep.ms",
      value: Math.round(out.ms),
      deleted: out.deleted.check_results,
    });
    report({
      figure: "service.retention.1M.db.MB",
      value: Math.round(out.after.db / MiB),
      before: Math.round(out.before.db / MiB),
    });
    report({
      figure: "service.retention.1M.rss.MB",
      value: Math.round(out.after.rss / MiB),
      before: Math.round(out.before.rss / MiB),
    });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function incidentUpdates(report: (f: Figure) => void) {
  const dataDir = mkdtempSync(join(tmpdir(), "vigil-bench-incidents-"));
  const svc = await startService({ dataDir, demo: false, scheduler: false, apiKey: KEY, logError: () => {} });
  const call = async (method: string, path: string, body?: unknown) => {
    const r = await fetch(`${svc.url}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await r.json()) as { id: string };
  };
  try {
    const service = await call("POST", "/v1/status-pages/services", { name: "bench" });
    const incident = async () =>
      (
        await call("POST", "/v1/status-pages/incidents", {
          name: "bench",
          severity: "MINOR",
          services: [{ id: service.id }],
          incidentUpdates: [{ description: "start" }],
        })
      ).id;
    const timePosts = async (id: string, n: number) => {
      const t: number[] = [];
      for (let i = 0; i < n; i++) {
        const t0 = performance.now();
        await call("POST", `/v1/status-pages/incidents/${id}/incident-updates`, { description: `u${i}` });
        t.push(performance.now() - t0);
      }
      t.sort((a, b) => a - b);
      return t[Math.floor(t.length / 2)]!;
    };
    const big = await incident();
    await timePosts(big, 4000);
    const fresh = await timePosts(await incident(), 50);
    const loaded = await timePosts(big, 50);
    report({
      figure: "service.incidentUpdate.post4000.ratio",
      value: Math.round((loaded / fresh) * 100) / 100,
      budget: 2,
      freshMs: Math.round(fresh * 100) / 100,
      at4000Ms: Math.round(loaded * 100) / 100,
    });
  } finally {
    await svc.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export default async function (report: (f: Figure) => void): Promise<void> {
  await bodies(report);
  await incidentUpdates(report);
  await retention1M(report);
}
