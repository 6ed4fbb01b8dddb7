/**
 * End-to-end: the incident workflow in a real pseudo-terminal (tmux) against `vigil serve` — create an
 * incident with the form, post an update by the fast path (5, u, text, Enter, y), read both back through
 * the API; then cut the service in the middle of a post (frozen with SIGSTOP while the request is in
 * flight, then killed), find the form still filled with the error and the draft on disk, start the service
 * again on the same data dir AND port, retry, and find the update exactly once; finally quit with a draft
 * pending and see a new console offer it.
 */
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { until } from "../support/until.ts";
import { ensureBundle } from "./support/bundle.ts";
import { HEADER, launchConsole } from "./support/console.ts";
import { type Json, type Served, spawnServe } from "./support/service.ts";
import { unreadBytes } from "./support/sockets.ts";
import type { TmuxTerminal } from "./support/tmux.ts";

/** `vigil serve --port PORT --data DIR --no-demo` as a child; resolves with its URL once listening. */
const serveAt = (dataDir: string, port: number) => spawnServe({ dataDir, port, demo: false, home: dataDir });

const root = mkdtempSync(join(tmpdir(), "vigil-e2e-inc-"));
const svcData = join(root, "service");
const consoleData = join(root, "console");
let child: ChildProcess;
let served: Served;
let port = 0;
let term: TmuxTerminal | undefined;

async function api(method: string, path: string, body?: unknown): Promise<Json> {
  const res = await fetch(`${served.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${served.apiKey}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

async function kill(c: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (c.exitCode !== null || c.signalCode !== null) return;
  const exited = new Promise((r) => c.once("exit", r));
  c.kill(signal);
  await exited;
}

beforeAll(async () => {
  const [s] = await Promise.all([serveAt(svcData, 0), ensureBundle()]);
  child = s.child;
  port = Number(new URL(s.url).port);
  const apiKey = readFileSync(join(svcData, "api-key"), "utf8").trim();
  served = {
    url: s.url,
    apiKey,
    dataDir: svcData,
    api: () => Promise.resolve(),
    stop: async () => undefined,
  };
  await api("POST", "/v1/status-pages/services", { name: "Payments" });
  await api("POST", "/v1/status-pages/services", { name: "Storefront" });
}, 60_000);

afterAll(async () => {
  term?.kill();
  if (child) {
    child.kill("SIGCONT");
    await kill(child, "SIGKILL");
  }
  rmSync(root, { recursive: true, force: true });
});

const incidentsNamed = async (name: string): Promise<Json[]> =>
  ((await api("GET", "/v1/status-pages/incidents?limit=100")).entries as Json[]).filter(
    (i) => i.name === name,
  );

describe("incident workflow in a pseudo-terminal", () => {
  it("creates an incident, posts by the fast path, survives a service cut without duplicates, offers drafts", async () => {
    const launch = () => launchConsole(served, { cols: 120, rows: 40, env: { VIGIL_DATA_DIR: consoleData } });
    term = launch();
    let t = term;
    await t.waitFor(HEADER, "the console");

    // n: a new incident (name, severity, services, first update, notify)
    t.keys("5");
    await t.waitFor(/vigil › Incidents/, "pane 5");
    t.keys("n");
    await t.waitFor("New incident", "the form");
    t.type("Checkout failing");
    await t.waitFor("name 16/255", "the live counter");
    t.keys("Tab", "Tab");
    await t.waitFor(/› services.*Payments/, "the services picker");
    t.keys("Space", "Tab", "Tab");
    t.type("Payments fail for some cards");
    t.keys("Enter");
    await t.waitFor(/Create incident "Checkout failing"\?/, "the confirmation");
    t.keys("y");
    await t.waitFor(/vigil › Incidents › Checkout failing/, "the new incident's detail");
    const [created] = await incidentsNamed("Checkout failing");
    expect(created.severity).toBe("MAJOR");
    expect(created.services.map((s: Json) => s.name)).toEqual(["Payments"]);
    expect(created.incidentUpdates.map((u: Json) => u.description)).toEqual(["Payments fail for some cards"]);

    // the fast path: 5, u, text, Enter, y
    t.keys("Escape", "1");
    await t.waitFor(/vigil › Checks/, "back on pane 1");
    t.keys("5", "u");
    await t.waitFor("Update: Checkout failing", "the update form");
    t.type("Card processor restarted, payments recovering");
    t.keys("Enter");
    await t.waitFor(/Post this update to "Checkout failing"\?/, "the confirmation");
    t.keys("y");
    await t.waitFor(/update posted to "Checkout failing"/, "the acknowledgement");
    t.keys("Enter");
    await t.waitFor(/Updates \(2.*\n(.*\n)*.*Card processor restarted/, "the update in the detail");
    let ups = (await incidentsNamed("Checkout failing"))[0].incidentUpdates as Json[];
    expect(ups.map((u) => u.description)).toEqual([
      "Payments fail for some cards",
      "Card processor restarted, payments recovering",
    ]);

    // cut the service mid-post: frozen while the request is in flight, then killed
    t.keys("u");
    await t.waitFor("Update: Checkout failing", "the update form");
    t.type("Error rate back to normal");
    t.keys("Enter");
    // Enter reads the incident afresh before confirming: the service is frozen once that is done
    await t.waitFor(/Post this update/, "the confirmation");
    child.kill("SIGSTOP");
    t.keys("y");
    await t.waitFor("sending…", "the request in flight");
    // the request has reached the frozen service (its bytes wait unread in the kernel): the outcome is unknown
    await until("the request at the stopped service", 10_000, () => unreadBytes(port) > 0);
    await kill(child, "SIGKILL");
    const failed = await t.waitFor(/outcome unknown/, "the error in the form", 10_000);
    expect(failed).toMatch(/✖ outcome unknown/);
    expect(failed).toMatch(/incident-updates failed: network error/);
    expect(failed).toContain("Error rate back to normal█");
    expect(failed).toMatch(/Ctrl-R \/ Enter: retry/);
    const draftDir = join(consoleData, "drafts");
    const files = readdirSync(draftDir);
    expect(files).toHaveLength(1);
    expect(statSync(join(draftDir, files[0]!)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(join(draftDir, files[0]!), "utf8")).sent.description).toBe(
      "Error rate back to normal",
    );

    // the service again, same data dir and port; retry
    const again = await serveAt(svcData, port);
    child = again.child;
    expect(again.url).toBe(served.url);
    t.keys("C-r");
    // the re-read before the confirmation did not find it: said, then posted once
    await t.waitFor(/Not found posted .*: y posts it once/, "the confirmation");
    t.keys("y");
    await t.waitFor(/update posted to "Checkout failing"/, "the acknowledgement after the retry", 10_000);
    ups = (await incidentsNamed("Checkout failing"))[0].incidentUpdates as Json[];
    expect(ups.filter((u) => u.description === "Error rate back to normal")).toHaveLength(1);
    expect(ups).toHaveLength(3);
    expect(readdirSync(draftDir)).toEqual([]);

    // a pending draft when the console ends: a new console offers it
    t.keys("u");
    await t.waitFor("Update: Checkout failing", "the update form");
    t.type("Monitoring for an hour");
    t.keys("Escape");
    await t.waitFor(/draft kept on disk/, "the kept draft");
    t.keys("q");
    await t.waitFor("[exited 0]", "the console to exit");
    t.kill();
    term = launch();
    t = term;
    const offer = await t.waitFor(/Resume the unsent draft\?/, "the offer");
    expect(offer).toContain("Monitoring for an hour");
    t.keys("y");
    await t.waitFor("Monitoring for an hour█", "the restored form");
    t.keys("Enter");
    await t.waitFor(/Post this update/, "the confirmation");
    t.keys("y");
    await t.waitFor(/update posted/, "the acknowledgement");
    ups = (await incidentsNamed("Checkout failing"))[0].incidentUpdates as Json[];
    expect(ups.filter((u) => u.description === "Monitoring for an hour")).toHaveLength(1);
    t.keys("q");
    await t.waitFor("[exited 0]", "the console to exit");
  }, 90_000);
});
