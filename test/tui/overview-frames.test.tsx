/**
 * The overview pane (pane 0, the landing screen) from store state, no network: a failing check shows its
 * reason and "failing for … (since …)" on its line with no key pressed; the other sections (overdue
 * heartbeat, open incident, delivery trouble, location without an agent); the calm line; Enter opens what
 * a line names; 1,000 failing checks draw only the rows on screen; hostile names arrive harmless.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { AlertNotification } from "../../src/contract/schemas/alert-notifications.ts";
import type { Check } from "../../src/contract/schemas/checks.ts";
import type { Incident } from "../../src/contract/schemas/incidents.ts";
import type { PrivateLocation } from "../../src/contract/schemas/private-locations.ts";
import {
  checksLoaded,
  checksLoading,
  heartbeatsLoaded,
  lastPassLoaded,
  listLoaded,
  resultsLoaded,
  statusesLoaded,
} from "../../src/store/data/slices.ts";
import type { ResultSummary } from "../../src/store/data/summary.ts";
import { DEFAULT_CAPS } from "../../src/store/data/types.ts";
import { apply, type ConsoleStore, createConsoleStore } from "../../src/store/state.ts";
import { setPane } from "../../src/store/view/ui.ts";
import { overview, overviewCursorItem } from "../../src/tui/panes/overview/index.ts";
import { check, manyChecks, status, storeWith, uuid } from "../store/fixtures.ts";
import { renderConsole } from "./support/console.tsx";
import { keysOnlyJobKit } from "./support/job-kit.ts";

const NOW = Date.now();
const ago = (min: number) => new Date(NOW - min * 60_000).toISOString();
const lines = (f: string) => f.split("\n");

const login = check({ name: "Login page", checkType: "URL", locations: ["eu-west-1", "us-east-1"] });
const search = check({ name: "Search API", checkType: "API" });
const backup = check({
  name: "Nightly backup",
  checkType: "HEARTBEAT",
  heartbeat: { period: 10, periodUnit: "minutes", grace: 5, graceUnit: "minutes" },
});

const refused = (min: number, loc: string) =>
  ({
    id: uuid(),
    resultType: "FINAL",
    runLocation: loc,
    startedAt: ago(min),
    stoppedAt: ago(min),
    hasFailures: true,
    hasErrors: true,
    errorMessage: "request failed: connect ECONNREFUSED 127.0.0.1:9",
    apiCheckResult: { assertions: [], requestError: "connect ECONNREFUSED 127.0.0.1:9", response: null },
  }) as ResultSummary;
const passed = (min: number, loc: string) =>
  ({
    id: uuid(),
    resultType: "FINAL",
    runLocation: loc,
    startedAt: ago(min),
    stoppedAt: ago(min),
    hasFailures: false,
    hasErrors: false,
    responseTime: 120,
  }) as ResultSummary;

function troubledStore(
  more: { checks: Check[]; statuses: ReturnType<typeof status>[] } = { checks: [], statuses: [] },
): ConsoleStore {
  const store = storeWith(
    [login, search, backup, ...more.checks],
    [
      status(login.id, "failing", ago(1)),
      status(search.id, "passing", ago(1)),
      status(backup.id, "failing", ago(3)),
      ...more.statuses,
    ],
    NOW,
  );
  const s = () => store.getState();
  apply(
    store,
    resultsLoaded(
      s(),
      login.id,
      [
        refused(1, "eu-west-1"),
        refused(6, "eu-west-1"),
        refused(12, "eu-west-1"),
        passed(17, "eu-west-1"),
        passed(2, "us-east-1"),
      ],
      NOW,
      DEFAULT_CAPS,
    ),
  );
  apply(
    store,
    heartbeatsLoaded(
      s(),
      backup.id,
      {
        events: [
          { id: "f", state: "FAILING", timestamp: ago(3) },
          { id: "p", state: "RECEIVED", timestamp: ago(18), source: "cron" },
        ],
        stats: undefined,
        from: NOW - 86_400_000,
        to: NOW,
      },
      NOW,
      DEFAULT_CAPS,
    ),
  );
  const incident = {
    id: "inc-1",
    name: "Checkout errors",
    severity: "MAJOR",
    lastUpdateStatus: "INVESTIGATING",
    services: [{ id: "svc", name: "Checkout" }],
    created_at: ago(40),
    incidentUpdates: [{ id: "u1", status: "INVESTIGATING", publicIncidentUpdateDate: ago(7) }],
  } as unknown as Incident;
  apply(store, listLoaded("incidents", [incident], NOW));
  const delivery = {
    id: "n1",
    alertChannelId: 4,
    status: "FAILURE",
    timestamp: ago(2),
    lastError: "HTTP 500 from https://hooks.example.com",
    checkName: "Login page",
  } as AlertNotification;
  apply(store, listLoaded("alertNotifications", [delivery], NOW));
  const dc = {
    id: "loc-1",
    name: "Basement DC",
    slugName: "basement-dc",
    created_at: ago(1000),
    agentCount: 0,
    lastSeen: ago(90),
    checkAssignments: [{ checkId: login.id }],
  } as unknown as PrivateLocation;
  apply(store, listLoaded("privateLocations", [dc], NOW));
  apply(store, setPane(s(), "overview"));
  return store;
}

let open: { close(): Promise<void> } | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

describe("the overview pane", () => {
  it("shows, with no key, the failing check's reason and how long it has been failing, and every section", async () => {
    const c = renderConsole(troubledStore(), { columns: 120, rows: 30 });
    open = c;
    await c.press("");
    const f = c.frame();
    const ls = lines(f);
    expect(ls[0]).toMatch(/^vigil › Overview +\[0\] 1 {2}2/);
    expect(ls[1]).toContain("✖ 2 failing · ▲ 0 degraded · ✔ 1 passing");
    expect(ls[1]).toContain("1 overdue heartbeat · 1 open incident");
    const row = ls.find((l) => l.includes("Login page"));
    expect(row).toBeDefined();
    expect(row).toMatch(
      /^› ✖ +Login page +URL +failing for 12 min \(since (?:[A-Z][a-z]{2} \d{1,2} )?\d\d:\d\d\) +1 of 2 locations +connect ECONNREFUSED 127\.0\.0\.1:9/,
    );
    expect(f).toContain("Overdue heartbeats (1)");
    expect(f).toMatch(
      /Nightly backup +expected (?:[A-Z][a-z]{2} \d{1,2} )?\d\d:\d\d +8 min late +last ping (?:[A-Z][a-z]{2} \d{1,2} )?\d\d:\d\d \(18 min ago\)/,
    );
    expect(f).toMatch(
      /Open incidents \(1\)\n +MAJOR +◌ INVESTIGATING +Checkout errors +Checkout +updated 7 min ago/,
    );
    // the delivery names the check its alert was about, not only the channel's number
    expect(f).toMatch(/✖ Login page +#4 +failed +2 min ago HTTP 500 from https:\/\/hooks\.example\.com/);
    expect(f).toMatch(/⚠ Basement DC +basement-dc +1 check not run here +agent last seen 1 h ago/);
    expect(f).not.toContain("Search API");
    for (const l of ls) expect(l.length).toBeLessThanOrEqual(120);
  });

  it("keeps the reason and the failing time at 80×24: what gives way is the type, the locations, then the state word", async () => {
    const c = renderConsole(troubledStore(), { columns: 80, rows: 24 });
    open = c;
    await c.press("");
    const ls = lines(c.frame());
    // every count whole (the counts bar fits here; a narrower one wraps: the next test)
    expect(ls[1]).toBe("✖ 2 failing · ▲ 0 degraded · ✔ 1 passing · 1 overdue heartbeat · 1 open incident");
    // the symbol says failing; since when and the reason whole, nothing cut
    const row = ls.find((l) => l.includes("Login page"));
    expect(row).toMatch(
      /^› ✖ +Login page +12 min \(since (?:[A-Z][a-z]{2} \d{1,2} )?\d\d:\d\d\) connect ECONNREFUSED 127\.0\.0\.1:9 *$/,
    );
    expect(ls.join("\n")).toMatch(
      /Nightly backup +expected (?:[A-Z][a-z]{2} \d{1,2} )?\d\d:\d\d 8 min late last ping (?:[A-Z][a-z]{2} \d{1,2} )?\d\d:\d\d \(18 min ago\)/,
    );
    // the footer: whole hints, "…" where the rest were left out, and the help that lists them
    expect(ls[ls.length - 2]).toMatch(/^t re-run · m mute · .* · … · \? help$/);
    for (const l of ls) expect(l.length).toBeLessThanOrEqual(80);
  });

  it("at 80 columns the counts bar goes on a second line rather than cut a count", async () => {
    const muted = [1, 2, 3].map((i) => check({ name: `Muted ${i}`, checkType: "API", muted: true }));
    const off = check({ name: "Old", checkType: "API", activated: false });
    const store = troubledStore({
      checks: [...muted, off],
      statuses: [...muted.map((m) => status(m.id, "passing", ago(1))), status(off.id, "passing", ago(100))],
    });
    const c = renderConsole(store, { columns: 80, rows: 24 });
    open = c;
    await c.press("");
    const ls = lines(c.frame());
    expect(ls[1]).toBe("✖ 2 failing · ▲ 0 degraded · ✔ 4 passing · ⊘ 1 deactivated · 3 muted");
    expect(ls[2]).toBe("1 overdue heartbeat · 1 open incident");
    expect(ls[3]).toBe("Checks that need a look (1)");
    // a click still finds the rows below the taller bar
    expect(ls[4]).toMatch(/^› ✖ +Login page/);
  });

  it("is one calm line when all is well", async () => {
    const store = storeWith(
      [login, search],
      [status(login.id, "passing", ago(0.5)), status(search.id, "passing", ago(2))],
      NOW,
    );
    apply(store, listLoaded("incidents", [], NOW));
    apply(store, listLoaded("alertNotifications", [], NOW));
    apply(store, listLoaded("privateLocations", [], NOW));
    apply(store, setPane(store.getState(), "overview"));
    const c = renderConsole(store, { columns: 120, rows: 30 });
    open = c;
    await c.press("");
    const ls = lines(c.frame());
    expect(ls[2]).toMatch(/^✔ all 2 checks passing · last run (\d+ s ago|just now)$/);
    expect(ls[3]).toBe("✔ no overdue heartbeats · no open incidents · alerts going out");
  });

  it("Enter opens what the line names: the check's detail on the checks pane, the incident's detail", async () => {
    const store = troubledStore();
    const c = renderConsole(store, { columns: 120, rows: 30 });
    open = c;
    await c.press("\r");
    expect(store.getState().ui.pane).toBe("checks");
    expect(store.getState().ui.detail.checks).toBe(login.id);
    expect(lines(c.frame())[0]).toMatch(/^vigil › Checks › Login page/);
    await c.press("0");
    // ] jumps to the next section: the overdue heartbeat, then the incident
    await c.press("]");
    await c.press("]");
    await c.press("\r");
    expect(store.getState().ui.pane).toBe("incidents");
    expect(store.getState().ui.detail.incidents).toBe("inc-1");
    await c.press("0");
    await c.press("[");
    await c.press("\r");
    expect(store.getState().ui.pane).toBe("heartbeats");
    expect(store.getState().ui.selectedCheckId).toBe(backup.id);
  });

  it("Enter pins the overview's cursor to the line it opens: after Esc, 0 and a re-sort it is still there", async () => {
    const store = troubledStore();
    const c = renderConsole(store, { columns: 120, rows: 30 });
    open = c;
    await c.press("\r");
    expect(store.getState().ui.detail.checks).toBe(login.id);
    const pinned = store.getState().ui.cursorId.overview;
    expect(pinned).toBeDefined();
    await c.press("\u001b");
    await c.press("0");
    // the search API starts failing earlier than the login page: it sorts above it
    const s = store.getState();
    apply(
      store,
      statusesLoaded(
        [
          status(login.id, "failing", ago(1)),
          status(search.id, "failing", ago(30)),
          status(backup.id, "failing", ago(3)),
        ],
        NOW,
        s.statuses,
      ),
    );
    await c.press("");
    expect(store.getState().ui.cursorId.overview).toBe(pinned);
    const here = overviewCursorItem(store.getState());
    expect(here?.section).toBe("checks");
    expect(here?.id).toBe(login.id);
  });

  it("draws 1,000 failing checks of 10,000 as a window: the count, the rows on screen, the rest below", async () => {
    const { checks, statuses } = manyChecks(10_000);
    const store = storeWith(checks, statuses, NOW);
    apply(store, setPane(store.getState(), "overview"));
    const c = renderConsole(store, { columns: 120, rows: 30 });
    open = c;
    await c.press("");
    const f = c.frame();
    expect(f).toContain(`Checks that need a look (${(1428 + 1715).toLocaleString("en-US")})`);
    const rows = lines(f).filter((l) => /^[› ] [✖▲] /.test(l));
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.length).toBeLessThan(30);
    expect(rows[0]).toContain("reading results…");
    await c.press("G");
    expect(lines(c.frame()).some((l) => l.startsWith("› ▲ "))).toBe(true);
  });

  it("while the list is first read, draws the failing checks read so far and says the counts are partial", async () => {
    const { checks, statuses } = manyChecks(1_000);
    const store = createConsoleStore();
    apply(store, setPane(store.getState(), "overview"));
    const c = renderConsole(store, { columns: 120, rows: 30 });
    open = c;
    await c.press("");
    // nothing read yet: no count is claimed
    expect(lines(c.frame())[1]).toBe("counts: reading…");
    // the first 300 of 1,000 checks, then the statuses
    apply(store, checksLoading(store.getState(), 300, 1_000, checks.slice(0, 300)));
    await c.press("");
    expect(lines(c.frame())[1]).toBe("counts: reading…");
    apply(store, statusesLoaded(statuses, NOW));
    await c.press("");
    const f = c.frame();
    const failingSoFar = checks.slice(0, 300).filter((_, i) => (i + 1) % 7 === 0).length;
    const degradedSoFar = checks
      .slice(0, 300)
      .filter((_, i) => (i + 1) % 7 !== 0 && (i + 1) % 5 === 0).length;
    expect(lines(f)[1]).toMatch(
      new RegExp(`^so far, 300 of 1,000 read: ✖ ${failingSoFar} failing · ▲ ${degradedSoFar} degraded`),
    );
    expect(f).toContain("loading checks… 300 of 1,000");
    expect(f).toContain(`Checks that need a look (${failingSoFar + degradedSoFar} so far)`);
    expect(lines(f).some((l) => /^[› ] ✖ +check 00007 /.test(l))).toBe(true);
    expect(f).not.toMatch(/all \d+ checks passing/);
    // the whole list: the counts are whole and the words "so far" go
    apply(store, checksLoaded(checks, NOW, store.getState().checks, 1_000));
    await c.press("");
    const whole = c.frame();
    expect(lines(whole)[1]).toMatch(/^✖ 142 failing · ▲ 172 degraded · ✔ 686 passing/);
    expect(whole).toContain("Checks that need a look (314)");
    expect(whole).not.toContain("so far");
  });

  it("shows a hostile check name as harmless visible text", async () => {
    const evil = check({ name: "evil\u001b]0;pwned\u0007\u001b[2J\u202eabc", checkType: "API" });
    const store = storeWith([evil], [status(evil.id, "failing", ago(1))], NOW);
    apply(store, setPane(store.getState(), "overview"));
    const c = renderConsole(store, { columns: 120, rows: 30 });
    open = c;
    await c.press("");
    const raw = c.raw();
    for (const bad of ["\u001b]", "\u001b[2J", "\u202e", "\u0007"]) expect(raw).not.toContain(bad);
    expect(c.frame()).toContain("evil");
  });
});

describe("the overview's jobs", () => {
  const kit = keysOnlyJobKit;

  it("reads the results of every check row on screen — a tall terminal shows more than 30", async () => {
    const many = Array.from({ length: 60 }, (_, i) =>
      check({ name: `failing ${String(i).padStart(2, "0")}`, checkType: "URL" }),
    );
    const store = storeWith(
      many,
      many.map((c) => status(c.id, "failing", new Date(NOW - 60_000).toISOString())),
      NOW,
    );
    apply(store, setPane(store.getState(), "overview"));
    const c = renderConsole(store, { columns: 120, rows: 42 });
    open = c;
    await c.press("");
    const shown = many.filter((m) => c.frame().includes(m.name));
    expect(shown.length).toBeGreaterThan(30);
    const keys = new Set(overview.jobs(store.getState(), kit).map((j) => j.key));
    for (const m of shown) expect(keys.has(`results:${m.id}`), m.name).toBe(true);
    // and not the rows off screen
    const hidden = many.filter((m) => !c.frame().includes(m.name));
    expect(hidden.length).toBeGreaterThan(0);
    for (const m of hidden) expect(keys.has(`results:${m.id}`), m.name).toBe(false);
  });

  it("reads what it shows; the last pass before a streak older than the results, once, then the span it began in", async () => {
    const store = troubledStore();
    // 30 failures held at eu-west-1 (the most the console keeps): that streak began before them
    const fails = Array.from({ length: 30 }, (_, i) => refused(1 + i * 5, "eu-west-1"));
    apply(store, resultsLoaded(store.getState(), login.id, fails, NOW, DEFAULT_CAPS));
    const keys = () => overview.jobs(store.getState(), kit).map((j) => j.key);
    const oldest = Date.parse(ago(146));
    expect(keys()).toEqual(
      expect.arrayContaining([
        "checks",
        "statuses",
        "incidents",
        "alertNotifications",
        "alertChannels",
        "privateLocations",
        `results:${login.id}`,
        `lastpass:${login.id}:eu-west-1:${oldest}`,
        `results:${backup.id}`,
        `heartbeats:${backup.id}`,
      ]),
    );
    const c = renderConsole(store, { columns: 120, rows: 30 });
    open = c;
    await c.press("");
    expect(lines(c.frame()).find((l) => l.includes("Login page"))).toMatch(
      // after midnight the time carries its date ("since before Nov 26 22:05"), whole
      /failing for over 2 h 26 min \(since before (?:[A-Z][a-z]{2} \d{1,2} )?\d\d:\d\d\)/,
    );
    apply(
      store,
      lastPassLoaded(store.getState(), login.id, "eu-west-1", {
        before: oldest,
        at: oldest - 600_000,
        searchedFrom: oldest - 86_400_000,
      }),
    );
    expect(keys().some((k) => k.startsWith("lastpass:"))).toBe(false);
    await c.press("");
    expect(lines(c.frame()).find((l) => l.includes("Login page"))).toMatch(
      /failing for over 2 h 26 min \(since (?:[A-Z][a-z]{2} \d{1,2} )?\d\d:\d\d–(?:[A-Z][a-z]{2} \d{1,2} )?\d\d:\d\d\) +(?:1 of 2 locations )?connect ECONNREFUSED 127\.0\.0\.1:9$/,
    );
  });

  it("at 120 columns, a streak begun the day before shows its dated since-time whole, the reason beside it", async () => {
    const store = troubledStore();
    // 30 failures 97 min apart (the most the console keeps): the oldest 46 h 54 min ago, on another day
    const fails = Array.from({ length: 30 }, (_, i) => refused(1 + i * 97, "eu-west-1"));
    apply(store, resultsLoaded(store.getState(), login.id, fails, NOW, DEFAULT_CAPS));
    const c = renderConsole(store, { columns: 120, rows: 30 });
    open = c;
    await c.press("");
    const dated = /[A-Z][a-z]{2} \d{1,2} \d\d:\d\d/.source;
    const row = () => lines(c.frame()).find((l) => l.includes("Login page")) ?? "";
    expect(row()).toMatch(
      new RegExp(`failing for over 1 d 22 h \\(since before ${dated}\\) +connect ECONNREFUSED`),
    );
    expect(row().length).toBeLessThanOrEqual(120);
    // the pass found before the streak: the span it began in, both ends dated, still whole
    const oldest = Date.parse(ago(1 + 29 * 97));
    apply(
      store,
      lastPassLoaded(store.getState(), login.id, "eu-west-1", {
        before: oldest,
        at: oldest - 600_000,
        searchedFrom: oldest - 86_400_000,
      }),
    );
    await c.press("");
    expect(row()).toMatch(
      new RegExp(`failing for over 1 d 22 h \\(since ${dated}–${dated}\\) +connect ECONNREFUSED`),
    );
    expect(row()).not.toContain("…");
    expect(row().length).toBeLessThanOrEqual(120);
  });
});
