/**
 * The demo never overwrites a user's change (src/service/demo/ownership.ts): a demo check edited through the
 * API reads back unchanged, with the same updated_at, after restarts of the service on the same data dir —
 * also when the demo target has to move to a new port, where the unedited demo rows follow it and still run.
 */
import { rmSync } from "node:fs";
import net from "node:net";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterAll, describe, expect, it } from "vitest";
import { channelFingerprint } from "../../src/service/demo/ownership.ts";
import { getChannel, getChannelRow, setChannelUrl } from "../../src/service/repo/alert-channels.ts";
import { getCheck, updateCheck } from "../../src/service/repo/checks.ts";
import { objectIn } from "../../src/shared/json.ts";
import { type Json, startTestService, type TestService, tempDir } from "./support.ts";

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const byName = (checks: Json[], name: string): Json => {
  const c = checks.find((x) => x.name === name);
  if (!c) throw new Error(`no check named ${name}`);
  return c;
};
const checksOf = async (svc: TestService): Promise<Json[]> =>
  (await svc.call("GET", "/v1/checks?limit=100")).body;

async function runOnce(svc: TestService, checkId: string): Promise<Json> {
  const trig = await svc.call("POST", "/v1/check-sessions/trigger", { target: { checkId: [checkId] } });
  expect(trig.status).toBe(201);
  const done = await svc.call(
    "GET",
    `/v1/check-sessions/${trig.body.sessions[0].checkSessionId}/completion?maxWaitSeconds=20`,
  );
  expect(done.status).toBe(200);
  return done.body;
}

/** Holds a loopback port so the next start cannot have it. */
function occupy(port: number): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    const s = net.createServer((sock) => sock.destroy());
    s.once("error", reject);
    s.listen(port, "127.0.0.1", () => resolve(s));
  });
}

describe("the demo never overwrites a user's change", () => {
  it("an edited demo check survives restarts unchanged; unedited ones follow the target to a new port", async () => {
    const data = tempDir();
    dirs.push(data);
    const logs: string[] = [];
    const start = () =>
      startTestService({ dataDir: data, demo: true, logError: (e) => logs.push(String(e)) });

    // 1. first start: the user re-points one demo check and changes another's frequency only
    let svc = await start();
    let edited: Json;
    let touched: Json;
    let oldTarget: URL;
    let oldTcpPort: number;
    try {
      const checks = await checksOf(svc);
      oldTarget = new URL(byName(checks, "Storefront home page").request.url);
      oldTcpPort = byName(checks, "Order queue (TCP)").request.port;
      const health = byName(checks, "Storefront API health");
      const put = await svc.call("PUT", `/v1/checks/${health.id}`, {
        request: { url: "http://127.0.0.1:9/my-own-service" },
      });
      expect(put.status).toBe(200);
      const users = byName(checks, "Users API (staging)");
      expect((await svc.call("PUT", `/v1/checks/${users.id}`, { frequency: 10 })).status).toBe(200);
      const after = await checksOf(svc);
      edited = byName(after, "Storefront API health");
      touched = byName(after, "Users API (staging)");
      expect(edited.request.url).toBe("http://127.0.0.1:9/my-own-service");
      expect(edited.updated_at).not.toBe(edited.created_at);
    } finally {
      await svc.close();
    }

    // 2. a plain restart: the target keeps its ports and both edits read back as they were
    svc = await start();
    let home: Json;
    try {
      const checks = await checksOf(svc);
      expect(byName(checks, "Storefront API health")).toEqual(edited);
      expect(byName(checks, "Users API (staging)")).toEqual(touched);
      home = byName(checks, "Storefront home page");
      expect(new URL(home.request.url).origin).toBe(oldTarget.origin);
    } finally {
      await svc.close();
    }

    // 3. a restart while something else holds the target's ports: it moves, and only the demo's own rows follow
    const squatters = [await occupy(Number(oldTarget.port)), await occupy(oldTcpPort)];
    try {
      svc = await start();
      try {
        const checks = await checksOf(svc);
        expect(byName(checks, "Storefront API health")).toEqual(edited);
        expect(byName(checks, "Users API (staging)")).toEqual(touched);
        const moved = byName(checks, "Storefront home page");
        const newOrigin = new URL(moved.request.url).origin;
        expect(newOrigin).not.toBe(oldTarget.origin);
        expect(new URL(moved.request.url).pathname).toBe(oldTarget.pathname);
        expect(moved.updated_at > home.updated_at).toBe(true); // the demo's own write, dated
        // the unedited demo checks still work at the new address
        expect((await runOnce(svc, moved.id)).status).toBe("PASSED");
        const tcp = byName(checks, "Order queue (TCP)");
        expect(tcp.request.port).not.toBe(oldTcpPort);
        expect((await runOnce(svc, tcp.id)).status).toBe("PASSED");
        // the demo's channels go through the target: re-pointed with it
        const channels: Json[] = (await svc.call("GET", "/v1/alert-channels?limit=100")).body;
        const hook = channels.find((c) => c.type === "WEBHOOK");
        expect(hook.config.url).toBe(`${newOrigin}/demo/receiver/webhook`);
        // and the log says which changed rows were left at the old address
        expect(logs.join("\n")).toMatch(
          /demo target moved .*left as you changed them.*Users API \(staging\)/,
        );
        expect(logs.join("\n")).not.toMatch(/Storefront API health/); // it no longer points at the demo
        home = moved;
      } finally {
        await svc.close();
      }
    } finally {
      await Promise.all(squatters.map((s) => new Promise((r) => s.close(r))));
    }

    // 4. the ports are free again: the target stays on its new ports and nothing is rewritten
    logs.length = 0;
    svc = await start();
    try {
      const checks = await checksOf(svc);
      expect(byName(checks, "Storefront home page")).toEqual(home);
      expect(byName(checks, "Storefront API health")).toEqual(edited);
      expect(byName(checks, "Users API (staging)")).toEqual(touched);
      expect(logs.join("\n")).not.toMatch(/demo target moved/);
    } finally {
      await svc.close();
    }
  }, 60_000);

  it("a data dir seeded by an earlier version: only rows never updated through the API are re-pointed", async () => {
    const data = tempDir();
    dirs.push(data);
    let svc = await startTestService({ dataDir: data, demo: true });
    const ids: Record<string, string> = {};
    try {
      for (const c of await checksOf(svc)) ids[c.name] = c.id;
    } finally {
      await svc.close();
    }
    // what an earlier version left: no fingerprints, no stored target, demo rows at old loopback ports,
    // channels pointing at the service itself; one check the user had edited (updated_at moved)
    const db = new DatabaseSync(join(data, "vigil.db"));
    try {
      db.exec("DELETE FROM meta WHERE key IN ('demo_rows', 'demo_target')");
      const untouched = getCheck(db, ids["Storefront home page"]!)!;
      updateCheck(db, {
        ...untouched,
        doc: {
          ...untouched.doc,
          request: { ...objectIn(untouched.doc, "request"), url: "http://127.0.0.1:1/" },
        },
      });
      const userOwned = getCheck(db, ids["Search API"]!)!;
      updateCheck(db, {
        ...userOwned,
        doc: {
          ...userOwned.doc,
          request: { ...objectIn(userOwned.doc, "request"), url: "http://127.0.0.1:2/mine" },
        },
        updatedAt: "2030-01-01T00:00:00.000Z",
      });
      for (const row of db.prepare("SELECT id FROM alert_channels").all() as { id: number }[])
        setChannelUrl(db, row.id, "http://127.0.0.1:3/demo/receiver/webhook", "2020-01-01T00:00:00.000Z");
      db.exec("UPDATE alert_channels SET updated_at = created_at");
    } finally {
      db.close();
    }
    svc = await startTestService({ dataDir: data, demo: true });
    try {
      const checks = await checksOf(svc);
      const home = byName(checks, "Storefront home page");
      expect(home.request.url).not.toBe("http://127.0.0.1:1/");
      expect((await runOnce(svc, home.id)).status).toBe("PASSED");
      const mine = byName(checks, "Search API");
      expect(mine.request.url).toBe("http://127.0.0.1:2/mine");
      expect(mine.updated_at).toBe("2030-01-01T00:00:00.000Z");
      const hook = ((await svc.call("GET", "/v1/alert-channels?limit=100")).body as Json[]).find(
        (c) => c.type === "WEBHOOK",
      );
      expect(hook.config.url).toBe(`${new URL(home.request.url).origin}/demo/receiver/webhook`);
    } finally {
      await svc.close();
    }
  }, 60_000);
});

describe("a demo channel's fingerprint", () => {
  it("is the same read without its subscriptions as read whole (fingerprints stored by earlier versions hold)", async () => {
    const dir = tempDir();
    dirs.push(dir);
    const svc = await startTestService({ dataDir: dir, demo: true });
    let channels: Json[];
    try {
      channels = (await svc.call("GET", "/v1/alert-channels?limit=100")).body;
    } finally {
      await svc.close();
    }
    const db = new DatabaseSync(join(dir, "vigil.db"));
    try {
      const subscribed = channels.filter((c) => c.subscriptions.length > 0);
      expect(subscribed.length).toBeGreaterThan(0);
      for (const c of channels) {
        const whole = getChannel(db, c.id);
        const row = getChannelRow(db, c.id);
        expect(whole && row && channelFingerprint(row)).toBe(whole && channelFingerprint(whole));
        expect(row).not.toHaveProperty("subscriptions");
      }
      // the API's channel: its members in the order they had
      expect(Object.keys(channels[0] ?? {}).slice(0, 4)).toEqual(["id", "type", "config", "subscriptions"]);
    } finally {
      db.close();
    }
  });
});
