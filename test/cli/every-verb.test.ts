/**
 * Every verb of the command table (issue 28), against a real embedded service over loopback, as the real
 * program: each takes the connection flags (--base-url, --api-key, --account; nothing from the
 * environment) and `--` before its ids; a thing that does not exist is exit 3 and a refused key exit 4
 * (src/cli/exit-codes.ts), one line on stderr; a list's `--json` is one array whose items have the same
 * shape with and without `--limit`. A verb added to the table without a case here fails the first test.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ResourceSpec, VerbSpec } from "../../src/cli/command.ts";
import { COMMANDS } from "../../src/cli/commands/index.ts";
import { startTestService, type TestService } from "../service/support.ts";
import { type CliResult, runCli } from "./run-cli.ts";

const UUID = "00000000-0000-4000-8000-000000000000";
/** A status page id as the hosted service makes them: it starts with `-`. */
const DASH_ID = "-IQWUp6G235-C3Rp";

type Fixture = {
  check: string;
  beat: string;
  channel: string;
  location: string;
  slug: string;
  incident: string;
  service: string;
};

type Args = { flags?: string[]; ids?: string[] };
type Case = {
  /** Arguments naming something that does not exist: the service says so, exit 3. */
  missing?: (f: Fixture) => Args;
  /** Arguments that work: exit 0 (or one of `codes`) with JSON on stdout. */
  ok?: (f: Fixture) => Args & { codes?: number[] };
  /** A list: `--json` is one array, the same shape with `--limit 1` when the verb takes --limit. */
  list?: boolean;
  /** Needs no service (nothing to authenticate). */
  offline?: boolean;
};

const ids =
  (...x: ((f: Fixture) => string)[]) =>
  (f: Fixture): Args => ({ ids: x.map((g) => g(f)) });
const unknown = () => UUID;
const check = (f: Fixture) => f.check;

const analytics: Case = { missing: ids(unknown) };

const CASES: Record<string, Case> = {
  status: { ok: () => ({ codes: [0, 1] }) },
  "checks list": { ok: () => ({}), list: true },
  "checks get": { missing: ids(unknown), ok: ids(check) },
  "checks results": { missing: ids(unknown), ok: ids(check), list: true },
  "checks create": {
    ok: () => ({ flags: ["--type", "url", "--name", "Every verb", "--url", "http://127.0.0.1:9/"] }),
  },
  "checks update": {
    missing: () => ({ flags: ["--name", "Renamed"], ids: [UUID] }),
    ok: (f) => ({ flags: ["--description", "every verb"], ids: [f.check] }),
  },
  "checks delete": { missing: () => ({ flags: ["--yes"], ids: [UUID] }) },
  "checks mute": { missing: ids(unknown), ok: ids(check) },
  "checks unmute": { missing: ids(unknown), ok: ids(check) },
  "checks activate": { missing: ids(unknown), ok: ids(check) },
  "checks deactivate": { missing: ids(unknown) },
  "checks assign": { missing: (f) => ({ flags: ["--location", f.slug], ids: [UUID] }) },
  "checks unassign": { missing: (f) => ({ flags: ["--location", f.slug], ids: [UUID] }) },
  "check-statuses list": { ok: () => ({}), list: true },
  "check-statuses get": { missing: ids(unknown) },
  "results show": { missing: ids(check, unknown) },
  trigger: { missing: () => ({ flags: ["--check", UUID] }), ok: (f) => ({ flags: ["--check", f.check] }) },
  "sessions list": { missing: ids(unknown), ok: () => ({}), list: true },
  "sessions get": { missing: ids(unknown) },
  "sessions wait": { missing: ids(unknown) },
  "analytics url": { missing: ids(unknown), ok: ids(check) },
  "analytics api": analytics,
  "analytics tcp": analytics,
  "analytics dns": analytics,
  "analytics browser": analytics,
  "analytics multistep": analytics,
  "analytics playwright": analytics,
  "analytics heartbeat": { missing: ids(unknown), ok: ids((f) => f.beat) },
  "heartbeats events": { missing: ids(unknown), ok: ids((f) => f.beat) },
  "alert-channels list": { ok: () => ({}), list: true },
  "alert-channels get": { missing: () => ({ ids: ["999999"] }), ok: ids((f) => f.channel) },
  "check-alerts list": { ok: () => ({}), list: true },
  "alert-notifications list": { ok: () => ({}), list: true },
  "webhook render": {
    missing: () => ({ flags: ["--channel", "999999"] }),
    ok: (f) => ({ flags: ["--channel", f.channel] }),
  },
  "webhook verify": { offline: true },
  "private-locations list": { ok: () => ({}), list: true },
  "private-locations get": { missing: ids(unknown), ok: ids((f) => f.location) },
  "private-locations create": { ok: () => ({ flags: ["--name", "Every verb", "--slug", "every-verb"] }) },
  "status-pages list": { ok: () => ({}), list: true },
  "status-pages get": { missing: () => ({ ids: [DASH_ID] }) },
  "status-pages update": { missing: () => ({ flags: ["--name", "Renamed"], ids: [DASH_ID] }) },
  "services list": { ok: () => ({}), list: true },
  "incidents list": { ok: () => ({}), list: true },
  "incidents get": { missing: () => ({ ids: ["no-such-incident"] }), ok: ids((f) => f.incident) },
  "incidents create": {
    ok: (f) => ({
      flags: ["--name", "Every verb", "--severity", "MINOR", "--service", f.service, "--message", "Looking"],
    }),
  },
  "incidents update": {
    missing: () => ({ flags: ["--severity", "MINOR"], ids: ["no-such-incident"] }),
    ok: (f) => ({ flags: ["--severity", "MAJOR"], ids: [f.incident] }),
  },
  "incident-updates list": { missing: () => ({ ids: ["no-such-incident"] }), ok: ids((f) => f.incident) },
  "incident-updates get": { missing: (f) => ({ ids: [f.incident, "no-such-update"] }) },
  "incident-updates create": {
    missing: () => ({ flags: ["--message", "Update"], ids: ["no-such-incident"] }),
    ok: (f) => ({ flags: ["--message", "Still looking"], ids: [f.incident] }),
  },
  "incident-updates update": {
    missing: (f) => ({ flags: ["--message", "Update"], ids: [f.incident, "no-such-update"] }),
  },
  "locations list": { ok: () => ({}), list: true },
};

const VERBS: [string, ResourceSpec, VerbSpec][] = COMMANDS.flatMap((r) =>
  r.verbs.map((v): [string, ResourceSpec, VerbSpec] => [r.verbless ? r.name : `${r.name} ${v.name}`, r, v]),
);

let svc: TestService;
let f: Fixture;
let connection: string[];

beforeAll(async () => {
  svc = await startTestService();
  const post = async (path: string, body: unknown): Promise<Record<string, unknown>> => {
    const r = await svc.call("POST", path, body);
    if (r.status !== 201 && r.status !== 200) throw new Error(`POST ${path}: ${r.status} ${r.text}`);
    return r.body;
  };
  const made = await post("/v1/checks/url", {
    name: "Storefront",
    request: { url: "http://127.0.0.1:9/" },
    locations: ["eu-west-1"],
  });
  const beat = await post("/v1/checks/heartbeat", {
    name: "Nightly backup",
    heartbeat: { period: 1, periodUnit: "days", grace: 1, graceUnit: "hours" },
  });
  const channel = await post("/v1/alert-channels", {
    type: "WEBHOOK",
    config: { name: "hook", url: "http://127.0.0.1:9/hook" },
  });
  const location = await post("/v1/private-locations", { name: "Office", slugName: "office" });
  const service = await post("/v1/status-pages/services", { name: "Checkout" });
  const incident = await post("/v1/status-pages/incidents", {
    name: "Checkout errors",
    severity: "MAJOR",
    services: [{ id: service.id }],
    incidentUpdates: [{ description: "Investigating" }],
  });
  f = {
    check: String(made.id),
    beat: String(beat.id),
    channel: String(channel.id),
    location: String(location.id),
    slug: "office",
    incident: String(incident.id),
    service: String(service.id),
  };
  connection = ["--base-url", svc.url, "--api-key", svc.apiKey, "--account", "acc-every-verb"];
}, 30_000);
afterAll(() => svc?.dispose());

/** The verb's words, then flags, then `--` and the ids. */
function line(key: string, flags: string[], args: Args): string[] {
  return [
    ...key.split(" "),
    ...flags,
    ...(args.flags ?? []),
    ...(args.ids?.length ? ["--", ...args.ids] : []),
  ];
}

function oneLine(r: CliResult): void {
  expect(r.stdout).toBe("");
  expect(r.stderr).toMatch(/^vigil: [^\n]+\n$/);
}

describe("the command table", () => {
  it("every verb has a case here (a new verb gets one)", () => {
    expect(VERBS.map(([k]) => k).filter((k) => !CASES[k])).toEqual([]);
    for (const [k, , v] of VERBS) {
      const c = CASES[k]!;
      if (c.offline) expect(v.offline, k).toBe(true);
      else expect(c.missing ?? c.ok, k).toBeDefined();
      if (c.list) expect(c.ok, k).toBeDefined();
    }
  });
});

describe.each(VERBS.filter(([k]) => !CASES[k]?.offline))("vigil %s", (key, _r, verb) => {
  const c = CASES[key] ?? {};

  it("takes the connection flags and `--`; a thing that does not exist is exit 3, a refused key exit 4", async () => {
    const args = c.missing?.(f) ?? c.ok?.(f) ?? {};
    const wrongKey = ["--base-url", svc.url, "--api-key", "wrong-key-0123456789", "--account", "acc"];
    const [missing, ok, refused] = await Promise.all([
      c.missing ? runCli(line(key, [...connection, "--json"], c.missing(f))) : undefined,
      c.ok ? runCli(line(key, [...connection, "--json"], c.ok(f))) : undefined,
      runCli(line(key, [...wrongKey, "--json"], args)),
    ]);
    if (missing) {
      expect(missing.code, missing.stderr).toBe(3);
      oneLine(missing);
    }
    if (ok) {
      expect(c.ok?.(f).codes ?? [0], ok.stderr).toContain(ok.code);
      expect(() => JSON.parse(ok.stdout), ok.stdout).not.toThrow();
    }
    expect(refused.code, refused.stderr).toBe(4);
    oneLine(refused);
  }, 60_000);

  it.runIf(c.list === true)(
    "--json is one array, the same shape with and without --limit",
    async () => {
      const args = c.ok!(f);
      const takesLimit = "limit" in (verb.options ?? {});
      const [all, one] = await Promise.all([
        runCli(line(key, [...connection, "--json"], args)),
        takesLimit ? runCli(line(key, [...connection, "--json", "--limit", "1"], args)) : undefined,
      ]);
      expect(all.code, all.stderr).toBe(0);
      const whole = JSON.parse(all.stdout) as unknown[];
      expect(Array.isArray(whole)).toBe(true);
      if (!one) return;
      expect(one.code, one.stderr).toBe(0);
      const page = JSON.parse(one.stdout) as unknown[];
      expect(Array.isArray(page)).toBe(true);
      expect(page.length).toBeLessThanOrEqual(1);
      if (page.length && whole.length)
        expect(Object.keys(page[0] as object).sort()).toEqual(Object.keys(whole[0] as object).sort());
    },
    60_000,
  );
});

describe("an id starting with `-`", () => {
  it("is an argument anywhere: after `--`, before the flags, after them", async () => {
    const runs = await Promise.all([
      runCli(["status-pages", "get", ...connection, "--", DASH_ID]),
      runCli(["status-pages", "get", DASH_ID, ...connection]),
      runCli([...connection, "status-pages", "get", "--json", DASH_ID]),
    ]);
    for (const r of runs) {
      expect(r.code, r.stderr).toBe(3);
      expect(r.stderr).toContain(`/v1/status-pages/${DASH_ID} failed: 404`);
    }
  });
});
