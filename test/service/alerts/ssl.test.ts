/**
 * ALERT_SSL: an HTTPS check whose certificate (self-signed here, made with openssl, valid 10 days) is
 * within a channel's `sslExpiryThreshold` raises one ALERT_SSL for that channel — not for a channel with a
 * lower threshold or with sslExpiry off — and repeated scans raise no duplicate.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveAlertingConfig } from "../../../src/service/alerts/config.ts";
import { sslScan, sslTargetOf } from "../../../src/service/alerts/ssl.ts";
import { openRepo } from "../../../src/service/repo/store.ts";
import { pastTime } from "../../support/until.ts";
import { insertCheck, tempDb } from "../runs/support.ts";
import type { TestService } from "../support.ts";
import {
  createChannel,
  createUrlCheck,
  type Receiver,
  settledLog,
  startAlertService,
  startReceiver,
  until,
} from "./support.ts";

let dir: string;
let https: ReturnType<typeof createServer>;
let httpsUrl: string;
let hook: Receiver;
let svc: TestService;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "vigil-ssl-"));
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-keyout",
      join(dir, "key.pem"),
      "-out",
      join(dir, "cert.pem"),
      "-days",
      "10",
      "-subj",
      "/CN=localhost",
    ],
    { stdio: "ignore" },
  );
  https = createServer(
    { key: readFileSync(join(dir, "key.pem")), cert: readFileSync(join(dir, "cert.pem")) },
    (_req, res) => res.end("ok"),
  );
  await new Promise<void>((r) => https.listen(0, "127.0.0.1", r));
  httpsUrl = `https://127.0.0.1:${(https.address() as AddressInfo).port}/`;
  hook = await startReceiver();
  svc = await startAlertService({ sslScan: true, sslCheckIntervalMs: 150 });
});
afterAll(async () => {
  await svc?.dispose();
  await hook?.close();
  https?.closeAllConnections();
  await new Promise<void>((r) => https.close(() => r()));
  rmSync(dir, { recursive: true, force: true });
});

describe("SSL expiry", () => {
  it("targets: the URL host for API/URL checks, sslCheckDomain for browser checks, https only", () => {
    expect(sslTargetOf("URL", { request: { url: "https://shop.example:8443/x" } })).toEqual({
      host: "shop.example",
      port: 8443,
    });
    expect(sslTargetOf("API", { request: { url: "http://shop.example/" } })).toBeUndefined();
    expect(sslTargetOf("BROWSER", { sslCheckDomain: "app.example" })).toEqual({
      host: "app.example",
      port: 443,
    });
    expect(sslTargetOf("TCP", { request: { hostname: "x" } })).toBeUndefined();
  });

  it("one ALERT_SSL per channel within its threshold, no duplicates on later scans", async () => {
    const check = await createUrlCheck(svc, httpsUrl, { name: "Secure shop" });
    const sub = [{ checkId: check.id, activated: true }];
    await createChannel(svc, {
      type: "WEBHOOK",
      config: {
        name: "ssl",
        url: `${hook.url}/ssl`,
        template:
          '{"t":"{{ALERT_TYPE}}","d":{{SSL_DAYS_REMAINING}},"h":"{{SSL_CHECK_DOMAIN}}","title":"{{ALERT_TITLE}}"}',
      },
      sslExpiry: true,
      sslExpiryThreshold: 30,
      subscriptions: sub,
    });
    await createChannel(svc, {
      type: "WEBHOOK",
      config: { name: "low", url: `${hook.url}/low` },
      sslExpiry: true,
      sslExpiryThreshold: 5,
      subscriptions: sub,
    });
    await createChannel(svc, {
      type: "WEBHOOK",
      config: { name: "off", url: `${hook.url}/off` },
      subscriptions: sub,
    });
    await until(() => hook.requests.length >= 1, 4000, "ALERT_SSL");
    // more scans raise nothing more: each one, run now, stores no delivery
    expect(await svc.alerting.sslScan()).toEqual([]);
    expect(await svc.alerting.sslScan()).toEqual([]);
    await settledLog(svc);
    expect(hook.requests).toHaveLength(1);
    const r = hook.requests[0]!;
    expect(r.url).toBe("/ssl");
    const body = JSON.parse(r.body.toString("utf8"));
    expect(body.t).toBe("ALERT_SSL");
    expect(body.d).toBeGreaterThanOrEqual(9);
    expect(body.d).toBeLessThanOrEqual(10);
    expect(body.h).toBe("127.0.0.1");
    expect(body.title).toContain("127.0.0.1");
    expect(body.title).toContain(`${body.d} day`);
  });
});

describe("a service no channel of which asks for SSL expiry", () => {
  it("reads no check, nor the channels' subscriptions, when it scans", async () => {
    const t = tempDb();
    try {
      const repo = openRepo(t.db);
      // a channel without SSL expiry, subscribed to an HTTPS check
      const id = insertCheck(t.db, { checkType: "URL", doc: { request: { url: "https://127.0.0.1:9/" } } });
      const channel = repo.insertChannel(
        {
          type: "WEBHOOK",
          config: { name: "off", url: "http://127.0.0.1:9/" },
          sendRecovery: true,
          sendFailure: true,
          sendDegraded: false,
          sslExpiry: false,
          sslExpiryThreshold: 30,
          autoSubscribe: false,
        },
        new Date().toISOString(),
      );
      repo.upsertSubscription(channel, { checkId: id }, true);
      let reads = 0;
      const counting = {
        ...repo,
        readAllChecks: (...a: Parameters<typeof repo.readAllChecks>) => {
          reads++;
          return repo.readAllChecks(...a);
        },
        alertableChecks: (...a: Parameters<typeof repo.alertableChecks>) => {
          reads++;
          return repo.alertableChecks(...a);
        },
        listChannels: (...a: Parameters<typeof repo.listChannels>) => {
          reads++;
          return repo.listChannels(...a);
        },
      };
      const deps = {
        repo: counting,
        config: resolveAlertingConfig({}, {}),
        userVariables: {},
        now: () => Date.now(),
        logError: (e: unknown) => {
          throw e;
        },
      };
      expect(await sslScan(deps, 1000)).toEqual([]);
      expect(reads).toBe(0);
    } finally {
      t.cleanup();
    }
  });
});

describe("the certificate scan at a stop", () => {
  it("a service stopped before its first scan runs none after (it would read a closed database)", async () => {
    const errors: unknown[] = [];
    const quick = await startAlertService(
      { sslScan: true, sslCheckIntervalMs: 300 },
      { logError: (err) => errors.push(err) },
    );
    await quick.dispose();
    // the first scan was due 300 ms after the service started, so by now + 300 ms at the latest
    await pastTime(Date.now() + 300);
    expect(errors).toEqual([]);
  });
});

describe("the checks an alert scan reads (alertableChecks)", () => {
  it("are readAllChecks' activated, unmuted checks, in its order, a damaged one left out", () => {
    const t = tempDb();
    try {
      const repo = openRepo(t.db);
      for (let i = 0; i < 12; i++)
        insertCheck(t.db, {
          checkType: i % 3 === 0 ? "API" : "URL",
          name: `check ${String(11 - i).padStart(2, "0")}`,
          activated: i % 4 !== 1,
          muted: i % 5 === 2,
          doc: { request: { url: `https://127.0.0.1:${1000 + i}/` } },
        });
      insertCheck(t.db, { checkType: "URL", doc: { tags: "not a list" } });
      const errors: string[] = [];
      const all = repo.readAllChecks(() => {});
      const alertable = repo.alertableChecks((e) => errors.push(e.message));
      expect(alertable.length).toBeGreaterThan(0);
      expect(alertable.length).toBeLessThan(all.length);
      expect(alertable).toEqual(all.filter((c) => c.activated && !c.muted));
      expect(errors).toHaveLength(1);
    } finally {
      t.cleanup();
    }
  });
});
