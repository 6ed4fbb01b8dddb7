/**
 * End-to-end: the analytics pane's availability rows tell the truth, in a real terminal (tmux) against
 * `vigil serve` on a data dir written beforehand through the service's own storage code (the run store):
 * two URL checks over the last 24 h in 30-min buckets — one at 99 % (100 runs a bucket, one failing, and
 * every sixth bucket all passing), one at 50 % (two runs a bucket, one failing, and two hours without runs).
 * The drawn rows differ as they should: 99 % is near-full bars with the failure colour only on the
 * buckets below 100 % (full cyan bars on the others), 50 % half bars in the failure colour everywhere, and
 * the hours without runs a gap in their place. Then the cursor: ← lands on a bucket, the line under the
 * chart names its time range, values and run count, Enter lists its runs.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHECK_KINDS } from "../../src/contract/schemas/check-bodies.ts";
import { openDatabase } from "../../src/service/db/open.ts";
import { checkOf } from "../../src/service/engine/checks.ts";
import { uuidv7 } from "../../src/service/engine/ids.ts";
import { insertCheck } from "../../src/service/repo/checks.ts";
import { createRunStore, type ResultRow } from "../../src/service/repo/runs.ts";
import { ensureBundle } from "./support/bundle.ts";
import { launchConsole } from "./support/console.ts";
import { type Served, spawnServe } from "./support/service.ts";
import type { TmuxTerminal } from "./support/tmux.ts";

const MIN = 60_000;
const BUCKET = 30 * MIN;

type Seeded = { name: string; buckets: Map<number, { runs: number; failed: number }> };

/** Write the two checks and their runs; the buckets are the 30-min ones of the last 24 h but the newest. */
function seed(dataDir: string, now: number): Seeded[] {
  mkdirSync(dataDir, { mode: 0o700, recursive: true });
  const db = openDatabase(join(dataDir, "vigil.db"));
  const store = createRunStore(db);
  const newest = Math.floor((now - 1) / BUCKET) * BUCKET; // the bucket in progress: left empty
  const first = newest - 47 * BUCKET;
  const plan = [
    {
      name: "A ninety-nine",
      bucket: (i: number) => ({ runs: 100, failed: i % 6 === 0 ? 0 : 1 }),
    },
    {
      name: "B fifty",
      // 20:00-ish: four buckets (two hours) without runs
      bucket: (i: number) => (i >= 20 && i < 24 ? { runs: 0, failed: 0 } : { runs: 2, failed: 1 }),
    },
  ];
  const created = new Date(first - 60 * MIN).toISOString();
  const out: Seeded[] = [];
  db.exec("BEGIN");
  for (const p of plan) {
    const fields = CHECK_KINDS.url.schema.parse({
      name: p.name,
      frequency: 1440,
      locations: ["eu-west-1"],
      request: { url: "http://127.0.0.1:9/health" },
    });
    const id = crypto.randomUUID();
    insertCheck(db, checkOf(fields, { id, checkType: "URL", createdAt: created, updatedAt: created }));
    const buckets = new Map<number, { runs: number; failed: number }>();
    for (let i = 0; i < 47; i++) {
      const b = p.bucket(i);
      if (b.runs === 0) continue;
      const start = first + i * BUCKET;
      buckets.set(start, b);
      const sessionId = uuidv7();
      store.insertSession({
        id: sessionId,
        checkId: id,
        checkType: "URL",
        name: p.name,
        status: "PASSED",
        runSource: "SCHEDULER",
        runLocations: ["eu-west-1"],
        startedAt: start,
        stoppedAt: start + 1000,
      });
      for (let k = 0; k < b.runs; k++) {
        const at = start + 1000 + Math.floor((k * (BUCKET - 2000)) / b.runs);
        const failed = k < b.failed;
        const row: ResultRow = {
          id: uuidv7(),
          sessionId,
          checkId: id,
          checkType: "URL",
          name: p.name,
          runLocation: "eu-west-1",
          resultType: "FINAL",
          hasFailures: failed,
          hasErrors: false,
          isDegraded: false,
          overMaxResponseTime: false,
          aborted: false,
          isCancelled: false,
          responseTime: 100,
          statusCode: failed ? 503 : 200,
          attempts: 1,
          retries: 0,
          startedAt: at,
          stoppedAt: at + 100,
          errorMessage: failed ? "assertion failed: expected status code to equal 200, received 503" : null,
          metrics: {},
          pageIndex: null,
          detail: {},
        };
        store.insertResult(row);
      }
    }
    out.push({ name: p.name, buckets });
  }
  db.exec("COMMIT");
  db.close();
  return out;
}

/**
 * The cells of the screen line that starts with `label`, each with its SGR foreground (capture-pane -e): a
 * basic colour ("31"), or a 256-colour or true-colour one ("38;5;210", "38;2;255;107;107") — the themes
 * give hex colours, which the terminal gets as 256 colours.
 */
function drawnRow(coloured: string, label: string): { text: string; cells: { ch: string; fg: string }[] } {
  const line = coloured.split("\n").find((l) => l.replace(/\x1b\[[0-9;:]*m/g, "").startsWith(label)) ?? "";
  const cells: { ch: string; fg: string }[] = [];
  let fg = "";
  for (const part of line.split(/(\x1b\[[0-9;:]*m)/)) {
    const sgr = /^\x1b\[([0-9;:]*)m$/.exec(part);
    if (sgr) {
      const codes = (sgr[1] ?? "").split(/[;:]/);
      for (let i = 0; i < codes.length; i++) {
        const code = codes[i]!;
        if (code === "" || code === "0" || code === "39") fg = "";
        else if (/^(3[0-7]|9[0-7])$/.test(code)) fg = code;
        else if (code === "38" && codes[i + 1] === "5") {
          fg = codes.slice(i, i + 3).join(";");
          i += 2;
        } else if (code === "38" && codes[i + 1] === "2") {
          fg = codes.slice(i, i + 5).join(";");
          i += 4;
        } else if (code === "48" && codes[i + 1] === "5") i += 2;
        else if (code === "48" && codes[i + 1] === "2") i += 4;
      }
      continue;
    }
    for (const ch of part) cells.push({ ch, fg });
  }
  return { text: cells.map((c) => c.ch).join(""), cells };
}

const BLOCK = /[▁▂▃▄▅▆▇█·]/;

/** Whether a foreground (as drawnRow reads it) is a red: red leads its green and blue. */
function isRed(fg: string): boolean {
  if (fg === "31" || fg === "91") return true;
  const c = fg.split(";").map(Number);
  if (c[0] === 38 && c[1] === 2) return c[2]! > c[3]! && c[2]! > c[4]!;
  if (c[0] === 38 && c[1] === 5 && c[2]! >= 16 && c[2]! <= 231) {
    const n = c[2]! - 16;
    const [r, g, b] = [Math.floor(n / 36), Math.floor(n / 6) % 6, n % 6];
    return r > g && r > b;
  }
  return false;
}

describe("analytics availability rows", () => {
  let root: string;
  let served: Served;
  let stop: () => Promise<void>;
  let seeded: Seeded[];
  const terms: TmuxTerminal[] = [];
  beforeAll(async () => {
    await ensureBundle();
    root = mkdtempSync(join(tmpdir(), "vigil-e2e-analytics-"));
    const dataDir = join(root, "data");
    seeded = seed(dataDir, Date.now());
    const { child, url } = await spawnServe({ dataDir, port: 0, demo: false, home: root });
    const apiKey = readFileSync(join(dataDir, "api-key"), "utf8").trim();
    served = { url, apiKey, dataDir } as Served;
    stop = async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await exited;
      }
    };
  }, 60_000);
  afterAll(async () => {
    for (const t of terms) t.kill();
    await stop?.();
    rmSync(root, { recursive: true, force: true });
  });

  it("99 % is near-full bars, red only below 100 %; 50 % half bars, red, with its gap in place", async () => {
    expect(seeded.map((s) => s.name)).toEqual(["A ninety-nine", "B fifty"]);
    const t = launchConsole(served, { cols: 120, rows: 24, pane: "analytics", args: ["--utc"] });
    terms.push(t);
    await t.waitFor(/A ninety-nine .*check \d of 2/, "check A's analytics");
    await t.waitFor(/Availability +[▁-█]/, "A's availability row");
    const a = drawnRow(t.screenWithColours(), "Availability");
    const aCells = a.cells.filter((c) => BLOCK.test(c.ch));
    // 47 buckets with runs and the one in progress without (a boundary passing meanwhile adds one gap)
    expect(aCells.length).toBe(48);
    const aBars = aCells.filter((c) => c.ch !== "·");
    expect(aBars.length).toBeGreaterThanOrEqual(46);
    // 99 %: ▇ in the failure colour; 100 %: █ in the chart's, another one (the colours are the theme's)
    const fail = new Set(aBars.filter((c) => c.ch === "▇").map((c) => c.fg));
    const full = new Set(aBars.filter((c) => c.ch === "█").map((c) => c.fg));
    expect(aBars.every((c) => c.ch === "▇" || c.ch === "█")).toBe(true);
    expect(fail.size).toBe(1);
    expect(full.size).toBe(1);
    const [RED] = [...fail];
    expect(isRed(RED!), `the failure colour ${RED} is a red`).toBe(true);
    expect(isRed([...full][0]!)).toBe(false);
    expect(RED).not.toBe([...full][0]);
    expect(aBars.filter((c) => c.ch === "█").length).toBeGreaterThanOrEqual(7);
    expect(aBars.filter((c) => c.ch === "▇").length).toBeGreaterThanOrEqual(38);
    expect(a.text).toMatch(/min 99% {2}last 99%/);
    expect(t.screen()).toContain("24 h · 30 min buckets");

    t.keys("]");
    await t.waitFor(/B fifty .*check \d of 2/, "check B's analytics");
    await t.waitFor(/Availability +[▁-█·]+ min 50%/, "B's availability row");
    const b = drawnRow(t.screenWithColours(), "Availability");
    const bCells = b.cells.filter((c) => BLOCK.test(c.ch));
    expect(bCells.length).toBe(48);
    const bText = bCells.map((c) => c.ch).join("");
    // half bars everywhere there were runs, the two hours without runs a gap of four in their place
    expect(bText).toMatch(/^·?▄{19,20}····▄{22,23}·$/);
    // below 100 %: the same failure colour as A's 99 %
    for (const c of bCells) if (c.ch === "▄") expect(c.fg).toBe(RED);
    // the same columns: A's and B's newest bucket in the same cell
    expect(b.text.lastIndexOf("·")).toBe(a.text.lastIndexOf("·"));

    // the cursor: ← lands on the newest bucket, ← again on the one before (runs: two, one failed)
    t.keys("Left");
    t.keys("Left");
    const line = await t.waitFor(
      /▲ \w{3} \d+ \d\d:\d\d ?– ?(?:\w{3} \d+ )?\d\d:\d\d · 2 runs, 1 failed · avg 100 ms · p50 100 ms .*Availability 50%/,
      "cursor line",
    );
    // the bucket's range is its 30 minutes, in UTC (--utc) as the axis says
    const [, h0, m0, h1, m1] = /▲ \w{3} \d+ (\d\d):(\d\d)–(\d\d):(\d\d)/.exec(line) ?? [];
    expect((Number(h1) * 60 + Number(m1) - Number(h0) * 60 - Number(m0) + 1440) % 1440).toBe(30);
    expect(line).toMatch(/\d\d:\d\d UTC\n/);
    t.keys("Enter");
    await t.waitFor(/✖ \d\d:\d\d:\d\d +eu-west-1 +100 ms/, "the bucket's runs listed");
    expect(t.screen()).toMatch(/✔ \d\d:\d\d:\d\d +eu-west-1 +100 ms/);
    t.keys("Escape");
    await t.waitFor((s) => !/✔ \d\d:\d\d:\d\d +eu-west-1/.test(s), "the list closed");
  }, 60_000);
});
