/**
 * The alert channels read at 10,000 checks (issue 27): a data dir holding the demo and 10,000 more checks,
 * which the demo's auto-subscribed channels subscribe to (console/checks-10k.ts `tenKDataDir`), served by a
 * real `vigil serve` over loopback; the console's read is the store's own loader (`loaders.alertChannels`,
 * src/store/data/lists/alert-channels.ts) in this process.
 *
 * - channels.10k.bytes: the answer's size (every page the console reads).
 * - channels.10k.console.{first,again}.cpuMs: this process's CPU (user + system) for one whole read — the
 *   first one (nothing held) and a read again with nothing changed (a conditional GET where the service
 *   offers one). Median of ROUNDS, with p95 and min.
 * - channels.10k.console.{first,again}.blockMs: the longest the event loop was held during that read (a
 *   chain of setImmediate timestamps): how long a key landing then would wait at worst.
 * - channels.10k.console.changed.{cpuMs,blockMs}: the same for a read after a change (one subscription
 *   switched through the API between two reads of one client): what the 30 s read costs once anything
 *   changed — the page is read in full again, whatever the service offers.
 * - channels.10k.console.{parse,validate,store}Ms: the synchronous pieces of one full read, timed apart on
 *   the same body: JSON.parse, the schema's safeParse, the store's update.
 * - channels.10k.service.{full,again}.cpuMsPerRequest: the service's CPU (/proc/PID/stat, 10 ms ticks) per
 *   request of the console's read, read N times: answered in full (no If-None-Match) and asked again with
 *   the ETag it gave (a 304 where the service offers one).
 *
 * The reads run with the console's nursery (cli/nursery.ts `capNursery`: V8's young generation kept at its
 * start size, as the console keeps it). Without it this process's nursery grew to 16 MB and more during the
 * pieces timed apart, and its scavenges, each copying a new list that survives it, took 10.7–11.3 ms at the
 * median against 1.4–1.7 ms with the console's (--trace-gc, two runs each, load 6–7): holds of the reads
 * the console does not have.
 *
 * VIGIL_BENCH_10K_DATA=DIR: copy that data dir (made by an earlier run, kept with VIGIL_BENCH_KEEP=1)
 * instead of making one (~2 min).
 */
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient } from "../../src/api/client.ts";
import { Agent, request } from "../../src/api/undici-core.ts";
import { capNursery } from "../../src/cli/nursery.ts";
import { alertChannelListSchema } from "../../src/contract/schemas/alert-channels.ts";
import { createLoaders } from "../../src/store/data/loaders.ts";
import { listRead } from "../../src/store/data/slices.ts";
import { createSharedData } from "../../src/store/runtime.ts";
import { spawnServe } from "../e2e/support/service.ts";
import { tenKDataDir } from "./console/checks-10k.ts";
import { percentile, round } from "./console/launch.ts";
import type { Figure } from "./run.ts";

const ROUNDS = Number(process.env.VIGIL_BENCH_ROUNDS ?? 15);
const SERVICE_N = Number(process.env.VIGIL_BENCH_SERVICE_N ?? 30);

/** user + system CPU of a process in ms, from /proc/PID/stat (10 ms ticks). */
function cpuOfPid(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(f[11]) + Number(f[12])) * 10;
}

const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** Runs `work` with a setImmediate chain beside it; resolves with its CPU ms and the longest loop stall. */
async function watched(work: () => Promise<unknown>): Promise<{ cpu: number; block: number }> {
  let last = performance.now();
  let block = 0;
  let on = true;
  const tick = () => {
    const t = performance.now();
    block = Math.max(block, t - last);
    last = t;
    if (on) setImmediate(tick);
  };
  setImmediate(tick);
  const c0 = cpuMs();
  await work();
  const cpu = cpuMs() - c0;
  on = false;
  tick();
  return { cpu, block };
}

function figures(report: (f: Figure) => void, name: string, xs: number[], unit = "ms"): void {
  report({
    figure: name,
    value: round(percentile(xs, 50)),
    p95: round(percentile(xs, 95)),
    min: round(Math.min(...xs)),
    runs: xs.length,
    unit,
  });
}

export default async function (report: (f: Figure) => void): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), "vigil-bench-channels-"));
  const uncapNursery = capNursery();
  try {
    const template = process.env.VIGIL_BENCH_10K_DATA;
    let dataDir: string;
    if (template) {
      dataDir = join(root, "10k-data");
      cpSync(template, dataDir, { recursive: true });
      rmSync(join(dataDir, "service.json"), { force: true });
    } else dataDir = await tenKDataDir(root);
    if (process.env.VIGIL_BENCH_KEEP) process.stderr.write(`bench: data dir kept at ${dataDir}\n`);
    const { child, url } = await spawnServe({ dataDir, port: 0, demo: true, home: root });
    const pid = child.pid ?? 0;
    const apiKey = readFileSync(join(dataDir, "api-key"), "utf8").trim();
    const headers = { authorization: `Bearer ${apiKey}` };
    const dispatcher = new Agent({ connections: 1 });
    try {
      // the console's read as bytes: every page (100 a page up to 1,000, as lists/alert-channels.ts)
      const pages: { path: string; text: string; etag: string | undefined }[] = [];
      for (let page = 1; page <= 10; page++) {
        const path = `/v1/alert-channels?limit=100&page=${page}`;
        const res = await request(`${url}${path}`, { method: "GET", headers, dispatcher });
        const text = await res.body.text();
        const etag = res.headers.etag;
        pages.push({ path, text, etag: typeof etag === "string" ? etag : undefined });
        if ((JSON.parse(text) as unknown[]).length < 100) break;
      }
      report({
        figure: "channels.10k.bytes",
        value: pages.reduce((n, p) => n + p.text.length, 0),
        unit: "B",
      });

      // the synchronous pieces of one full read, apart
      const parse: number[] = [];
      const validate: number[] = [];
      const store: number[] = [];
      const { store: s } = createSharedData();
      for (let r = 0; r < ROUNDS; r++) {
        let p = 0;
        let v = 0;
        const items = [];
        for (const page of pages) {
          const t0 = performance.now();
          const data: unknown = JSON.parse(page.text);
          const t1 = performance.now();
          const parsed = alertChannelListSchema.parse(data);
          const t2 = performance.now();
          p += t1 - t0;
          v += t2 - t1;
          items.push(...parsed);
        }
        const t3 = performance.now();
        s.setState(listRead("alertChannels", { items, total: items.length }, Date.now()));
        store.push(performance.now() - t3);
        parse.push(p);
        validate.push(v);
      }
      figures(report, "channels.10k.console.parseMs", parse);
      figures(report, "channels.10k.console.validateMs", validate);
      figures(report, "channels.10k.console.storeMs", store);

      // the store's own loader: a first read (a new client each round), a read again, nothing changed, then a
      // read after one subscription was switched
      const first = { cpu: [] as number[], block: [] as number[] };
      const again = { cpu: [] as number[], block: [] as number[] };
      const changed = { cpu: [] as number[], block: [] as number[] };
      for (let r = 0; r < ROUNDS; r++) {
        const client = createClient({ baseUrl: url, apiKey });
        const { store: st } = createSharedData();
        const loaders = createLoaders(client, st);
        const a = await watched(() => loaders.alertChannels());
        first.cpu.push(a.cpu);
        first.block.push(a.block);
        const held = st.getState().alertChannels.items;
        const b = await watched(() => loaders.alertChannels());
        again.cpu.push(b.cpu);
        again.block.push(b.block);
        // the held list itself (every page a 304): otherwise this would time full reads unawares
        if (st.getState().alertChannels.items !== held)
          throw new Error("the read again was not answered from the list held (no 304?)");
        const channel = held.find((c) => (c.subscriptions ?? []).some((x) => x.checkId));
        const sub = channel?.subscriptions?.find((x) => x.checkId);
        if (!channel || !sub?.checkId) throw new Error("no channel subscribed to a check");
        await client.alertChannels.setSubscription(channel.id, {
          checkId: sub.checkId,
          activated: !sub.activated,
        });
        const c = await watched(() => loaders.alertChannels());
        changed.cpu.push(c.cpu);
        changed.block.push(c.block);
        // a new list that carries the change: otherwise this would time a 304 unawares
        const now = st.getState().alertChannels.items.find((x) => x.id === channel.id);
        const switched = now?.subscriptions?.find((x) => x.checkId === sub.checkId);
        if (switched?.activated !== !sub.activated)
          throw new Error("the read after a change did not carry the change");
        await client.close();
      }
      figures(report, "channels.10k.console.first.cpuMs", first.cpu);
      figures(report, "channels.10k.console.first.blockMs", first.block);
      figures(report, "channels.10k.console.again.cpuMs", again.cpu);
      figures(report, "channels.10k.console.again.blockMs", again.block);
      figures(report, "channels.10k.console.changed.cpuMs", changed.cpu);
      figures(report, "channels.10k.console.changed.blockMs", changed.block);

      // the service's CPU per request: in full, then asked again with the ETag it gave (taken again now: the
      // reads after a change above changed the list's version)
      for (const page of pages) {
        const res = await request(`${url}${page.path}`, { method: "GET", headers, dispatcher });
        await res.body.dump();
        const etag = res.headers.etag;
        page.etag = typeof etag === "string" ? etag : undefined;
      }
      const perRequest = async (conditional: boolean): Promise<number> => {
        const c0 = cpuOfPid(pid);
        for (let i = 0; i < SERVICE_N; i++)
          for (const page of pages) {
            const h: Record<string, string> = { ...headers };
            if (conditional && page.etag) h["if-none-match"] = page.etag;
            const res = await request(`${url}${page.path}`, { method: "GET", headers: h, dispatcher });
            await res.body.text();
          }
        return (cpuOfPid(pid) - c0) / (SERVICE_N * pages.length);
      };
      const full: number[] = [];
      const cond: number[] = [];
      for (let r = 0; r < 3; r++) {
        full.push(await perRequest(false));
        cond.push(await perRequest(true));
      }
      figures(report, "channels.10k.service.full.cpuMsPerRequest", full);
      figures(report, "channels.10k.service.again.cpuMsPerRequest", cond);
      await dispatcher.close();
      report({ figure: "loadavg", value: Number(readFileSync("/proc/loadavg", "utf8").split(" ")[0]) });
    } finally {
      const gone = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await gone;
    }
  } finally {
    uncapNursery();
    if (!process.env.VIGIL_BENCH_KEEP) rmSync(root, { recursive: true, force: true });
  }
}
