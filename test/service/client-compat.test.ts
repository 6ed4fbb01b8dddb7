/**
 * The shared client (src/api/) against the embedded service over real HTTP: every call parses the
 * service's answers with the client's own response schemas, so a shape drift on either side fails here.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient } from "../../src/api/client.ts";
import { ApiError } from "../../src/api/errors.ts";
import { startTestService, type TestService } from "./support.ts";

let svc: TestService;
let client: ReturnType<typeof createClient>;
let target: Server;
let targetUrl = "";

beforeAll(async () => {
  svc = await startTestService();
  client = createClient({ baseUrl: svc.url, apiKey: svc.apiKey, accountId: "acct-compat", retries: 0 });
  target = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end('{"ok":true}');
  });
  await new Promise<void>((r) => target.listen(0, "127.0.0.1", r));
  targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await client.close();
  await svc.dispose();
  await new Promise<void>((r) => target.close(() => r()));
});

describe("client ↔ embedded service", () => {
  it("locations", async () => {
    const locs = await client.locations.list();
    expect(locs).toHaveLength(22);
    expect(locs[0]).toEqual({ region: "us-east-1", name: "N. Virginia" });
  });

  it("checks: create per type, list, listAll, get", async () => {
    const url = await client.checks.create("url", {
      name: "c-url",
      tags: ["compat"],
      request: { url: `${targetUrl}/` },
    });
    await client.checks.create("api", {
      name: "c-api",
      tags: ["compat"],
      request: {
        method: "GET",
        url: `${targetUrl}/api`,
        assertions: [{ source: "STATUS_CODE", comparison: "EQUALS", target: "200" }],
      },
    });
    await client.checks.create("tcp", { name: "c-tcp", request: { hostname: "127.0.0.1", port: 9 } });
    await client.checks.create("dns", { name: "c-dns", request: { query: "example.com", recordType: "A" } });
    const hb = await client.checks.create("heartbeat", {
      name: "c-hb",
      heartbeat: { period: 5, periodUnit: "minutes", grace: 1, graceUnit: "minutes" },
    });
    await client.checks.create("browser", { name: "c-browser", script: "await page.goto('http://x')" });
    expect(url.checkType).toBe("URL");
    expect(hb.heartbeat?.pingUrl).toContain(`${svc.url}/ping/`);
    const tagged = await client.checks.list({ tag: ["compat"] });
    expect(tagged.map((c) => c.name).sort()).toEqual(["c-api", "c-url"]);
    const all = await client.checks.listAll({}, { pageSize: 2 });
    expect(all).toHaveLength(6);
    expect((await client.checks.get(url.id)).name).toBe("c-url");
  });

  it("alert channels: create, list, listAll, get, update, subscription", async () => {
    const check = (await client.checks.list({ search: "c-url" }))[0]!;
    const made = [];
    for (let i = 0; i < 3; i++)
      made.push(
        await client.alertChannels.create({ type: "EMAIL", config: { address: `a${i}@example.com` } }),
      );
    const web = await client.alertChannels.create({
      type: "WEBHOOK",
      config: { name: "hook", url: "https://hooks.example/x", webhookSecret: "shh" },
    });
    expect(web.type).toBe("WEBHOOK");
    const page = await client.alertChannels.list({ limit: 2, page: 2 });
    expect(page.map((c) => c.id)).toEqual([made[2]!.id, web.id]);
    expect(await client.alertChannels.listAll()).toHaveLength(4);
    const got = await client.alertChannels.get(made[0]!.id);
    expect(got.created_at).toMatch(/Z$/);
    const upd = await client.alertChannels.update(made[0]!.id, {
      type: "EMAIL",
      config: { address: "b@example.com" },
      sslExpiryThreshold: 5,
    });
    expect(upd.sslExpiryThreshold).toBe(5);
    const sub = await client.alertChannels.setSubscription(made[1]!.id, {
      checkId: check.id,
      activated: true,
    });
    expect(sub.checkId).toBe(check.id);
  });

  it("private locations: create, get, list, update", async () => {
    const loc = await client.privateLocations.create({ name: "Lab", slugName: "compat-lab" });
    expect(loc.keys?.[0]?.rawKey).toMatch(/^pl_/);
    const got = await client.privateLocations.get(loc.id);
    expect(got.keys?.[0]?.rawKey).toBeUndefined();
    expect(got.agentCount).toBe(0);
    expect((await client.privateLocations.list()).map((l) => l.slugName)).toContain("compat-lab");
    expect((await client.privateLocations.update(loc.id, { name: "Lab 2" })).name).toBe("Lab 2");
  });

  it("services, status pages, incidents and incident updates", async () => {
    const services = [];
    for (let i = 0; i < 3; i++) services.push(await client.services.create({ name: `svc-${i}` }));
    expect(services[0]!.accountId).toBe("acct-compat");
    const firstPage = await client.services.list({ limit: 2 });
    expect(firstPage.entries).toHaveLength(2);
    expect(firstPage.nextId).toBeTruthy();
    expect(await client.services.listAll()).toHaveLength(3);
    expect((await client.services.get(services[1]!.id)).name).toBe("svc-1");

    const page = await client.statusPages.create({
      name: "Compat",
      url: "compat",
      cards: [{ name: "All", services: services.map((s) => ({ id: s.id })) }],
    });
    const updated = await client.statusPages.update(page.id, {
      name: "Compat 2",
      url: "compat",
      cards: [{ id: page.cards![0]!.id, name: "Some", services: [{ id: services[0]!.id }] }],
    });
    expect(updated.cards?.[0]?.services?.map((s) => s.id)).toEqual([services[0]!.id]);
    expect((await client.statusPages.get(page.id)).name).toBe("Compat 2");
    const pages = await client.statusPages.list({ limit: 10 });
    expect(pages.entries.map((p) => p.id)).toEqual([page.id]);
    expect(await client.statusPages.listAll()).toHaveLength(1);

    const inc = await client.incidents.create({
      name: "Compat incident",
      severity: "MEDIUM",
      services: [{ id: services[0]!.id }],
      incidentUpdates: [{ description: "first" }],
    });
    expect(inc.lastUpdateStatus).toBe("INVESTIGATING");
    const incUpd = await client.incidents.update(inc.id, {
      name: "Compat incident (renamed)",
      severity: "MINOR",
      services: [{ id: services[1]!.id }],
    });
    expect(incUpd.services.map((s) => s.id)).toEqual([services[1]!.id]);
    expect((await client.incidents.get(inc.id)).name).toBe("Compat incident (renamed)");
    expect((await client.incidents.list({ limit: 5 })).entries[0]!.id).toBe(inc.id);
    expect(await client.incidents.listAll()).toHaveLength(1);

    const u = await client.incidentUpdates.create(inc.id, { description: "resolved", status: "RESOLVED" });
    expect(u.status).toBe("RESOLVED");
    const first = (await client.incidents.get(inc.id)).incidentUpdates![0]!;
    const edited = await client.incidentUpdates.update(inc.id, first.id!, {
      description: "first (edited)",
      status: "INVESTIGATING",
    });
    expect(edited.description).toBe("first (edited)");
    expect((await client.incidentUpdates.get(inc.id, first.id!)).description).toBe("first (edited)");
    expect((await client.incidentUpdates.list(inc.id)).map((x) => x.id)).toEqual([u.id, first.id]);
    expect((await client.incidents.get(inc.id)).lastUpdateStatus).toBe("RESOLVED");
  });

  it("a 404 and a 400 surface as ApiError with the server's message and validation", async () => {
    const missing = await client.statusPages.get("does-not-exist").catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(ApiError);
    expect((missing as ApiError).status).toBe(404);
    const dup = await client.privateLocations
      .create({ name: "x", slugName: "compat-lab" })
      .catch((e: unknown) => e);
    expect((dup as ApiError).status).toBe(409);
  });

  it("trigger a created check and wait for its session", async () => {
    const check = (await client.checks.list({ search: "c-url" }))[0]!;
    const { sessions } = await client.checkSessions.trigger({ checkId: [check.id] });
    expect(sessions).toHaveLength(1);
    const done = await client.checkSessions.waitForCompletion(sessions[0]!.checkSessionId, {
      deadlineMs: 10_000,
      maxWaitSeconds: 5,
    });
    expect(done.status).toBe("PASSED");
    const statuses = await client.checkStatuses.list();
    expect(statuses.map((s) => s.checkId)).toContain(check.id);
    const failing = await client.checks.list({ status: "failing" });
    expect(failing.map((c) => c.id)).not.toContain(check.id);
    const passing = await client.checks.list({ status: "passing" });
    expect(passing.map((c) => c.id)).toContain(check.id);
  });
});
