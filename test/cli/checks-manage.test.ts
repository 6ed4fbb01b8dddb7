/**
 * `vigil checks create|update|delete|mute|unmute|activate|deactivate|assign|unassign` (the real CLI, a
 * child process) against a real started service on loopback: flags and JSON/YAML files, refusals in the
 * service's words naming the field (exit 2, one line, nothing sent), and the round trip
 * `checks get ID --json | checks update ID -f -` that changes nothing — a masked secret included.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestService, type TestService } from "../service/support.ts";
import { runCli, tempHome } from "./run-cli.ts";

let svc: TestService;
const env = () => ({ VIGIL_BASE_URL: svc.url, VIGIL_API_KEY: svc.apiKey });
const vigil = (args: string[], input?: string) =>
  runCli(args, { env: env(), ...(input !== undefined ? { input } : {}) });
const stored = async (id: string) => (await svc.call("GET", `/v1/checks/${id}`)).body;

beforeAll(async () => {
  svc = await startTestService();
});
afterAll(async () => {
  await svc?.dispose();
});

const YAML = `# a check as a file
checkType: API
name: Checkout API
frequency: 5
locations: [eu-west-1]
tags: [prod, eu]
request:
  method: POST
  url: https://api.example.com/checkout
  headers:
    - key: Authorization
      value: Bearer s3cr3t-token-abcdef
  assertions:
    - source: STATUS_CODE
      comparison: EQUALS
      target: 200
`;

describe("checks create", () => {
  it("from flags: a URL check, printed as a detail and as JSON", async () => {
    const r = await vigil([
      "checks",
      "create",
      "--type",
      "url",
      "--name",
      "Storefront",
      "--url",
      "http://127.0.0.1:9/health",
      "--tag",
      "prod,web",
      "--frequency",
      "5",
    ]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^created "Storefront" \([0-9a-f-]{36}\)\n/);
    expect(r.stdout).toMatch(/^Target: +http:\/\/127\.0\.0\.1:9\/health$/m);
    const id = /\(([0-9a-f-]{36})\)/.exec(r.stdout)?.[1] ?? "";
    expect(await stored(id)).toMatchObject({
      name: "Storefront",
      checkType: "URL",
      frequency: 5,
      tags: ["prod", "web"],
    });
  });

  it("from a YAML file, and a heartbeat from flags, with --json", async () => {
    const file = join(tempHome(), "check.yaml");
    writeFileSync(file, YAML);
    const r = await vigil(["checks", "create", "-f", file, "--json"]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const c = JSON.parse(r.stdout);
    expect(c).toMatchObject({
      name: "Checkout API",
      checkType: "API",
      frequency: 5,
      locations: ["eu-west-1"],
    });
    // --json masks the secret; the service holds it whole
    expect(c.request.headers[0].value).toBe("Bearer ...cdef");
    expect((await stored(c.id)).request.headers[0].value).toBe("Bearer s3cr3t-token-abcdef");

    const hb = await vigil([
      "checks",
      "create",
      "--type",
      "heartbeat",
      "--name",
      "Nightly backup",
      "--period",
      "1d",
      "--grace",
      "1h",
      "--json",
    ]);
    expect(hb.code).toBe(0);
    expect(JSON.parse(hb.stdout).heartbeat).toMatchObject({
      period: 1,
      periodUnit: "days",
      grace: 1,
      graceUnit: "hours",
    });
  });

  it.each([
    [
      ["--type", "url", "--name", "", "--url", "http://x.example/"],
      'vigil: url check: "name" is not allowed to be empty',
    ],
    [
      ["--type", "url", "--name", "x", "--url", "not a url"],
      'vigil: url check: "request.url" must be a valid uri',
    ],
    [
      ["--type", "api", "--name", "x", "--url", "http://x.example/", "--frequency", "7"],
      'vigil: api check: "frequency" must be one of',
    ],
    [["--type", "ftp", "--name", "x"], "vigil: --type must be one of api, url, tcp, dns, heartbeat, browser"],
    [
      ["--type", "tcp", "--name", "x", "--host", "db.example", "--port", "5432", "--url", "http://x/"],
      "vigil: --url is for API and URL checks",
    ],
  ])("refuses %j in one line naming the field, exit 2, nothing sent", async (flags, line) => {
    const before = (await svc.call("GET", "/v1/checks?limit=100")).body.length;
    const r = await vigil(["checks", "create", ...flags]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr.startsWith(line)).toBe(true);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect((await svc.call("GET", "/v1/checks?limit=100")).body.length).toBe(before);
  });

  it("refuses a file that is not JSON or YAML, or holds a bad field, in one line", async () => {
    const bad = await vigil(["checks", "create", "-f", "-"], "name: [unclosed\n");
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^vigil: --file: standard input is neither JSON nor YAML \(/);
    expect(bad.stderr.trim().split("\n")).toHaveLength(1);
    const field = await vigil(["checks", "create", "-f", "-"], YAML.replace("frequency: 5", "frequency: 7"));
    expect(field.code).toBe(2);
    expect(field.stderr).toMatch(/^vigil: api check: "frequency" must be one of \[/);
  });
});

describe("checks update", () => {
  let id = "";
  beforeAll(async () => {
    const file = join(tempHome(), "check.yaml");
    writeFileSync(file, YAML);
    id = JSON.parse((await vigil(["checks", "create", "-f", file, "--json"])).stdout).id;
  });

  it("checks get ID --json | checks update ID -f - changes nothing (the masked secret included)", async () => {
    const before = await stored(id);
    const got = await vigil(["checks", "get", id, "--json"]);
    expect(got.code).toBe(0);
    const r = await vigil(["checks", "update", id, "-f", "-"], got.stdout);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^unchanged "Checkout API"/);
    const after = await stored(id);
    const { updated_at: _a, ...b } = before;
    const { updated_at: _b, ...a } = after;
    expect(a).toEqual(b);
    expect(after.request.headers[0].value).toBe("Bearer s3cr3t-token-abcdef");
  });

  it("a changed field from the read JSON is sent; the masked secret keeps its stored value", async () => {
    const got = JSON.parse((await vigil(["checks", "get", id, "--json"])).stdout);
    const r = await vigil(
      ["checks", "update", id, "-f", "-", "--json"],
      JSON.stringify({ ...got, frequency: 1 }),
    );
    expect(r.code).toBe(0);
    const after = await stored(id);
    expect(after.frequency).toBe(1);
    expect(after.request.headers[0].value).toBe("Bearer s3cr3t-token-abcdef");
    expect(after.request.assertions).toEqual(got.request.assertions);
  });

  it("from flags, merged onto the check; a partial YAML file too", async () => {
    const r = await vigil([
      "checks",
      "update",
      id,
      "--name",
      "Checkout API v2",
      "--tag",
      "prod",
      "--url",
      "https://api.example.com/v2",
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^updated "Checkout API v2"/);
    let after = await stored(id);
    expect(after).toMatchObject({
      name: "Checkout API v2",
      tags: ["prod"],
      request: { method: "POST", url: "https://api.example.com/v2" },
    });
    const y = await vigil(
      ["checks", "update", id, "-f", "-"],
      "description: from YAML\nmaxResponseTime: 9000\n",
    );
    expect(y.code).toBe(0);
    after = await stored(id);
    expect(after).toMatchObject({ description: "from YAML", maxResponseTime: 9000, name: "Checkout API v2" });
  });

  it("refuses a bad field, another check's id, a type change, and nothing to change", async () => {
    const cases: [string[], string | undefined, RegExp][] = [
      [["--name", " "], undefined, /^vigil: api check: "name" is not allowed to be empty/],
      [["-f", "-"], '{"id":"other"}', /^vigil: --file: "id" is "other", not the check edited/],
      [["-f", "-"], '{"checkType":"TCP"}', /^vigil: --file: "checkType" must be \[API\]/],
      [[], undefined, /^vigil: nothing to update: give --file or at least one of --name/],
      [["-f", "-", "--name", "x"], "{}", /^vigil: give either --file or field flags \(--name\), not both/],
    ];
    for (const [flags, input, line] of cases) {
      const r = await vigil(["checks", "update", id, ...flags], input);
      expect(r.code, flags.join(" ")).toBe(2);
      expect(r.stderr).toMatch(line);
    }
  });
});

describe("mute, activate, assign, delete", () => {
  it("each changes its one field and says what it did", async () => {
    const c = JSON.parse(
      (
        await vigil([
          "checks",
          "create",
          "--type",
          "tcp",
          "--name",
          "DB",
          "--host",
          "db.example",
          "--port",
          "5432",
          "--json",
        ])
      ).stdout,
    );
    const say = async (verb: string, ...rest: string[]) => {
      const r = await vigil(["checks", verb, c.id, ...rest]);
      expect(r.code, `${verb}: ${r.stderr}`).toBe(0);
      return r.stdout.trim();
    };
    expect(await say("mute")).toBe(`muted "DB" (${c.id})`);
    expect((await stored(c.id)).muted).toBe(true);
    expect(await say("mute")).toBe(`"DB" (${c.id}) is already muted`);
    expect(await say("unmute")).toBe(`unmuted "DB" (${c.id})`);
    expect(await say("deactivate")).toBe(`deactivated "DB" (${c.id})`);
    expect((await stored(c.id)).activated).toBe(false);
    expect(await say("activate")).toBe(`activated "DB" (${c.id})`);
    expect((await stored(c.id)).activated).toBe(true);

    expect(
      (await svc.call("POST", "/v1/private-locations", { name: "Office", slugName: "office" })).status,
    ).toBe(201);
    expect(await say("assign", "--location", "office")).toBe(`"DB" (${c.id}) now runs at office`);
    expect((await stored(c.id)).privateLocations).toEqual(["office"]);
    expect(await say("unassign", "--location", "office")).toBe(`"DB" (${c.id}) no longer runs at office`);
    expect((await stored(c.id)).privateLocations).toEqual([]);
    const unknown = await vigil(["checks", "assign", c.id, "--location", "nowhere"]);
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toMatch(
      /"privateLocations\[0\]" must be the slug of an existing private location/,
    );

    const refused = await vigil(["checks", "delete", c.id]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/removes it and its results for good: add --yes/);
    expect((await svc.call("GET", `/v1/checks/${c.id}`)).status).toBe(200);
    expect(await say("delete", "--yes")).toBe(`deleted "DB" (${c.id})`);
    expect((await svc.call("GET", `/v1/checks/${c.id}`)).status).toBe(404);
  });
});
