/**
 * End-to-end: the status line tells the truth under faults, in a real terminal (tmux) against real
 * `vigil serve` processes — the service killed (offline within 5 s, never "online" while down, online
 * again within 5 s of it answering), a 429 storm (the age keeps counting, the stale warning comes on
 * time and on every pane), a shrinking terminal (the screen equals a fresh start's, line by line), and a
 * list held down and up row by row (rows the Ink patch moves on the terminal instead of writing them again,
 * docs/ink-patch.md: the screen, colours included, equals the one a jump to the same place draws).
 */
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { until } from "../support/until.ts";
import { ensureBundle } from "./support/bundle.ts";
import { launchConsole } from "./support/console.ts";
import { type RecordingProxy, recordingProxy } from "./support/recording-proxy.ts";
import { type Served, serve, spawnServe } from "./support/service.ts";
import type { TmuxTerminal } from "./support/tmux.ts";

const terms: TmuxTerminal[] = [];
afterEach(() => {
  for (const t of terms.splice(0)) t.kill();
});
beforeAll(async () => {
  await ensureBundle();
}, 60_000);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const statusLine = (t: TmuxTerminal) =>
  t.lines().find((l) => /[●✖◌] (online|offline|connecting)/.test(l)) ?? "";

/** Sample the screen until `until` is true (or the deadline); every status line seen, with its time. */
async function watch(t: TmuxTerminal, until: (line: string) => boolean, ms: number) {
  const seen: { at: number; line: string }[] = [];
  const t0 = Date.now();
  while (Date.now() - t0 < ms) {
    const line = statusLine(t);
    seen.push({ at: Date.now() - t0, line });
    if (until(line)) break;
    await sleep(150);
  }
  return seen;
}

describe("the service killed and restarted", () => {
  const root = mkdtempSync(join(tmpdir(), "vigil-e2e-kill-"));
  const dataDir = join(root, "data");
  let child: ChildProcess | undefined;
  afterAll(() => {
    child?.kill("SIGKILL");
    rmSync(root, { recursive: true, force: true });
  });

  it("offline within 5 s and never online while down; online within 5 s of answering again", async () => {
    const first = await spawnServe({ dataDir, port: 0, demo: false, home: root });
    child = first.child;
    const port = new URL(first.url).port;
    const apiKey = readFileSync(join(dataDir, "api-key"), "utf8").trim();
    const served = { url: first.url, apiKey, dataDir } as Served;
    const t = launchConsole(served, { cols: 120, rows: 30 });
    terms.push(t);
    await t.waitFor("● online", "online");

    child.kill("SIGKILL");
    const down = await watch(t, (l) => l.includes("✖ offline"), 8000);
    expect(down.at(-1)?.line).toContain("✖ offline");
    expect(down.at(-1)!.at).toBeLessThan(5000);
    // stays down a while: sampled for 8 s, it never says online
    const still = await watch(t, () => false, 8000);
    expect(still.filter((s) => s.line.includes("● online"))).toEqual([]);
    expect(still.every((s) => s.line.includes("✖ offline"))).toBe(true);

    const again = await spawnServe({ dataDir, port: Number(port), demo: false, home: root });
    child = again.child;
    const back = await watch(t, (l) => l.includes("● online"), 10_000);
    expect(back.at(-1)?.line).toContain("● online");
    expect(back.at(-1)!.at).toBeLessThan(5000);
  }, 60_000);
});

describe("a 429 storm", () => {
  let served: Served;
  let proxy: RecordingProxy;
  beforeAll(async () => {
    served = await serve({ demo: false });
    await served.api("POST", "/v1/checks/url", {
      name: "storm check",
      activated: false,
      request: { url: "http://127.0.0.1:9/" },
    });
    const svc = await served.api("POST", "/v1/status-pages/services", { name: "Storm" });
    await served.api("POST", "/v1/status-pages/incidents", {
      name: "Storm incident",
      severity: "MINOR",
      services: [{ id: svc.id }],
      incidentUpdates: [{ description: "looking" }],
    });
    proxy = await recordingProxy(served.url);
  }, 60_000);
  afterAll(async () => {
    await proxy?.close();
    await served?.stop();
  });

  it("the age keeps counting, the stale warning comes on time, on every pane; the service is still online", async () => {
    const t = launchConsole(
      { ...served, url: proxy.url },
      { cols: 120, rows: 30, env: { VIGIL_STALE_AFTER: "25" } },
    );
    terms.push(t);
    await t.waitFor("storm check", "the checks");
    t.keys("6");
    await t.waitFor("no alert channels", "the (empty) channels list");
    t.keys("5");
    await t.waitFor("Storm incident", "the incidents");
    await t.waitFor("data just now", "fresh incidents");
    proxy.fault = { status: 429, headers: { "retry-after": "30" } };
    const t0 = Date.now();
    // the incidents list was last read at most 30 s (its interval) before the storm began
    const ages = await watch(t, (l) => l.includes("⚠ stale"), 60_000);
    const stale = ages.at(-1)!;
    expect(stale.line).toContain("⚠ stale: data");
    expect(stale.at).toBeLessThan(25_000 + 2000);
    // the age went on counting before it turned stale (no frozen "just now")
    expect(new Set(ages.map((a) => /data ([^·]+)/.exec(a.line)?.[1]?.trim())).size).toBeGreaterThan(1);
    // a 429 is an answer: the service is up, and says so
    expect(ages.every((a) => a.line.includes("● online"))).toBe(true);
    // other panes whose data is as old say so at once
    for (const pane of ["1", "6"]) {
      t.keys(pane);
      const s = await watch(t, (l) => l.includes("⚠ stale"), 2000);
      expect(s.at(-1)?.line).toContain("⚠ stale: data");
    }
    expect(Date.now() - t0).toBeLessThan(60_000);
    proxy.fault = undefined;
  }, 90_000);
});

describe("a terminal that gets narrower", () => {
  let served: Served;
  beforeAll(async () => {
    served = await serve({ demo: false });
    for (const name of ["Alpha home page", "Beta API", "Gamma search"])
      await served.api("POST", "/v1/checks/url", {
        name,
        activated: false,
        request: { url: "http://127.0.0.1:9/" },
      });
    const svc = await served.api("POST", "/v1/status-pages/services", { name: "Core" });
    await served.api("POST", "/v1/status-pages/incidents", {
      name: "Core slow",
      severity: "MAJOR",
      services: [{ id: svc.id }],
      incidentUpdates: [{ description: "looking" }],
    });
    await served.api("POST", "/v1/status-pages", {
      name: "Public",
      url: "public",
      cards: [{ name: "Core", services: [{ id: svc.id }] }],
    });
  }, 60_000);
  afterAll(async () => {
    await served?.stop();
  });

  /** The screen, with what differs between two consoles showing the same thing (requests, data age). */
  const settled = (t: TmuxTerminal) =>
    t.lines().map((l) => l.replace(/⇅ \d+/, "⇅ n").replace(/data (just now|\d+ \S+ ago)/, "data (age)"));
  /**
   * Wait until a console's screen is drawn and at rest: its status line says online with the data's age, and
   * three captures in a row (over 80 ms or more — longer than Ink's 50 ms between frames) are the same.
   */
  async function atRest(t: TmuxTerminal, what: string): Promise<string[]> {
    const deadline = Date.now() + 10_000;
    let last: string[] = [];
    let same = 0;
    for (;;) {
      const now = settled(t);
      same = now.join("\n") === last.join("\n") && /● online · data/.test(statusLine(t)) ? same + 1 : 0;
      last = now;
      if (same >= 2) return now;
      if (Date.now() > deadline)
        throw new Error(`${what} never came to rest; the screen was:\n${now.join("\n")}`);
      await sleep(40);
    }
  }

  it("250 → 120 columns: the screen equals a fresh start's at 120 columns, line by line", async () => {
    const wide = launchConsole(served, { cols: 250, rows: 30 });
    terms.push(wide);
    await wide.waitFor("Gamma search", "the checks");
    await wide.waitFor("data just now", "fresh data");
    // the 250-column footer (the checks pane's key hints) is wider than 120: a frame laid out for 250
    // after the shrink would wrap
    expect(wide.lines().some((l) => [...l].length > 120)).toBe(true);
    wide.resize(120, 30);
    const fresh = launchConsole(served, { cols: 120, rows: 30 });
    terms.push(fresh);
    await fresh.waitFor("Gamma search", "the checks");
    await fresh.waitFor("data just now", "fresh data");
    const want = await atRest(fresh, "the fresh console");
    expect(await atRest(wide, "the narrowed console")).toEqual(want);
  }, 60_000);

  it("list panes: after loading, the header row carries no cursor mark", async () => {
    const t = launchConsole(served, { cols: 120, rows: 30 });
    terms.push(t);
    await t.waitFor("Gamma search", "the checks");
    for (const [pane, row] of [
      ["5", "Core slow"],
      ["7", "Public"],
    ] as const) {
      t.keys(pane);
      await t.waitFor(row, `pane ${pane}`);
      const lines = t.lines();
      const header = lines.findIndex((l) => /^ +[A-Z]/.test(l) && l.includes("NAME"));
      expect(header, lines.join("\n")).toBeGreaterThan(0);
      expect(lines[header]).not.toContain("›");
      expect(lines[header + 1]).toMatch(/^›/);
    }
  }, 60_000);
});

describe("each check type's own analytics", () => {
  let served: Served;
  beforeAll(async () => {
    served = await serve({ demo: true });
  }, 60_000);
  afterAll(async () => {
    await served?.stop();
  });

  it("browser: web vitals and errors; TCP: total and its phases; v switches the set", async () => {
    const t = launchConsole(served, { cols: 140, rows: 36 });
    terms.push(t);
    await t.waitFor("Storefront API health", "the checks");
    t.keys("3", "/");
    t.type("Login page (browser)");
    t.keys("Enter");
    await t.waitFor(/web vitals \(v: errors, response time\)/, "the browser report's first set");
    // the chart's title line, then its columns (the top rows may be blank where no bucket reaches them)
    await t.waitFor(/Largest contentful paint \(avg\)[^\n]*(\n[^\n]*){1,4}[▁▂▃▄▅▆▇█]/, "LCP drawn");
    expect(t.screen()).toMatch(/Cumulative layout shift \(avg\)/);
    t.keys("v");
    await t.waitFor(/Console errors \(sum\)/, "the errors set");
    t.keys("/", "Escape", "/");
    t.type("Cache node");
    t.keys("Enter");
    await t.waitFor(/total time \(v: phases, reliability\)/, "the TCP report");
    await t.waitFor(/Total \(p95\)/, "TCP total time drawn");
    t.keys("v");
    await t.waitFor(/Connection \(avg\)/, "TCP phases");
    expect(t.screen()).toMatch(/Data \(avg\)/);
  }, 60_000);
});

describe("a list held down and up in a real terminal", () => {
  let served: Served;
  beforeAll(async () => {
    served = await serve({ demo: false });
    for (let i = 1; i <= 90; i++)
      await served.api("POST", "/v1/checks/url", {
        name: `scroll check ${String(i).padStart(2, "0")}`,
        // none runs: no result's age ("5 s ago") or status can differ between the two consoles
        activated: false,
        frequency: 1440,
        tags: i % 4 === 0 ? ["every-fourth"] : [],
        request: { url: "http://127.0.0.1:9/" },
      });
  }, 60_000);
  afterAll(async () => {
    await served?.stop();
  });

  /** The screen with its colours, less what differs between two consoles showing the same (requests, age). */
  const shown = (t: TmuxTerminal) =>
    t
      .screenWithColours()
      .replace(/⇅ \d+/g, "⇅ n")
      .replace(/data (just now|\d+ \S+ ago)/g, "data (age)");
  /** Wait until `t` shows what `want` shows (colours included); the last screen seen on failure. */
  async function sameAs(t: TmuxTerminal, want: TmuxTerminal, what: string) {
    const same = await until(what, 10_000, () => shown(t) === shown(want), 40).catch(() => false);
    if (!same) expect(shown(t), what).toBe(shown(want));
  }
  const selected = (t: TmuxTerminal) => t.lines().find((l) => l.startsWith("›")) ?? "";
  /**
   * Hold `key` on `t` (three at a time, each burst drawn before the next: one or a few rows a frame) until
   * its selected row is `target`'s.
   */
  async function holdUntil(t: TmuxTerminal, key: string, target: TmuxTerminal) {
    const want = await until("the target's selected row", 10_000, () => selected(target) || undefined);
    for (let bursts = 0; selected(t) !== want; bursts++) {
      if (bursts > 100) throw new Error(`${key} held 300 times and the selected row is not ${want}`);
      const before = t.screen();
      t.keys(key, key, key);
      await until(`the screen after ${key}`, 5000, () => t.screen() !== before, 10);
    }
  }

  it("held j to the end and k to the top: the screens a jump (G, g) draws, colours included, with rows moved", async () => {
    const held = launchConsole(served, { cols: 120, rows: 30 });
    const jumped = launchConsole(served, { cols: 120, rows: 30 });
    terms.push(held, jumped);
    for (const t of [held, jumped]) {
      await t.waitFor("90 checks", "the checks list");
      await t.waitFor("data just now", "fresh data");
    }
    const top = selected(jumped);
    jumped.keys("G");
    await until("G drawn", 5000, () => selected(jumped) !== top);
    await holdUntil(held, "j", jumped);
    await sameAs(held, jumped, "held j to the end, against G");
    jumped.keys("g");
    await until("g drawn", 5000, () => selected(jumped) === top);
    await holdUntil(held, "k", jumped);
    await sameAs(held, jumped, "held k to the top, against g");
    // the held console's rows were moved on the terminal (delete/insert line), not all written again
    const raw = held.raw().toString("latin1");
    expect(raw).toMatch(/\x1b\[1M/);
    expect(raw).toMatch(/\x1b\[1L/);
  }, 90_000);
});
