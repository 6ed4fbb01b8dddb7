/** Account environment variables (/v1/variables) and their use as user-defined template variables. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestService } from "../support.ts";
import {
  createChannel,
  createUrlCheck,
  type Receiver,
  runCheck,
  startAlertService,
  startReceiver,
  startTarget,
  until,
} from "./support.ts";

let svc: TestService;
let hook: Receiver;
let target: Awaited<ReturnType<typeof startTarget>>;

beforeAll(async () => {
  svc = await startAlertService({ variables: { REGION_OWNER: "ops", TEAM: "overridden" } });
  hook = await startReceiver();
  target = await startTarget(500);
});
afterAll(async () => {
  await svc?.dispose();
  await Promise.all([hook?.close(), target?.close()]);
});

describe("/v1/variables", () => {
  it("create, read (secret values hidden), update, delete, conflicts and bad keys", async () => {
    expect((await svc.call("POST", "/v1/variables", { key: "TEAM", value: "sre" })).status).toBe(201);
    const secret = await svc.call("POST", "/v1/variables", { key: "TOKEN", value: "tok-123", secret: true });
    expect(secret.status).toBe(201);
    expect(secret.body).toEqual({ key: "TOKEN", value: null, locked: false, secret: true });
    expect((await svc.call("POST", "/v1/variables", { key: "TEAM", value: "x" })).status).toBe(409);
    expect((await svc.call("POST", "/v1/variables", { key: "9bad-key", value: "x" })).status).toBe(400);
    const list = await svc.call("GET", "/v1/variables");
    expect(list.body).toEqual([
      { key: "TEAM", value: "sre", locked: false, secret: false },
      { key: "TOKEN", value: null, locked: false, secret: true },
    ]);
    expect(list.text).not.toContain("tok-123");
    await svc.call("POST", "/v1/variables", { key: "TMP", value: "1" });
    const put = await svc.call("PUT", "/v1/variables/TMP", { value: "2", locked: true });
    expect(put.body).toEqual({ key: "TMP", value: "2", locked: true, secret: false });
    expect((await svc.call("DELETE", "/v1/variables/TMP")).status).toBe(204);
    expect((await svc.call("GET", "/v1/variables/TMP")).status).toBe(404);
  });

  it("non-secret variables render in templates; secret ones never do; stored ones win over given ones", async () => {
    const check = await createUrlCheck(svc, target.url);
    await createChannel(svc, {
      type: "WEBHOOK",
      config: { name: "v", url: `${hook.url}/{{TEAM}}`, template: "{{TEAM}}|{{TOKEN}}|{{REGION_OWNER}}" },
      subscriptions: [{ checkId: check.id, activated: true }],
    });
    await runCheck(svc, check.id);
    await until(() => hook.requests.length === 1);
    expect(hook.requests[0]!.url).toBe("/sre");
    expect(hook.requests[0]!.body.toString()).toBe("sre||ops");
  });
});
