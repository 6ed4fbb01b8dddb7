/**
 * Private locations run for real: the service (in this process, on loopback) and `vigil agent` processes
 * over real HTTP. Runs flow to the location's agents and back; two agents never run one attempt twice; an
 * agent killed mid-run has its run redone once, by another agent, after the lease; an unknown or revoked
 * key is refused; a check moved off the location is not handed out; agentCount and lastSeen follow the
 * agents; the location's proxy carries the check's requests; no agent → "cannot run", never a faked run.
 */
import { createServer, request as httpRequest, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { httpTarget } from "../runs/support.ts";
import { startTestService, type TestService } from "../support.ts";
import {
  type AgentProcess,
  completion,
  createLocation,
  createUrlCheck,
  location,
  results,
  startAgent,
  trigger,
} from "./support.ts";

let svc: TestService;
let target: { url: string; close(): Promise<void> };
const hits = new Map<string, number>();
let holdFirst: ((release: () => void) => void) | undefined;
const agents: AgentProcess[] = [];

beforeAll(async () => {
  target = await httpTarget((req, res) => {
    const path = req.url ?? "/";
    const n = (hits.get(path) ?? 0) + 1;
    hits.set(path, n);
    // /hang: the first request is held until the test lets it go (the agent running it is killed)
    if (path === "/hang" && n === 1 && holdFirst) return holdFirst(() => res.end("late"));
    res.end("ok");
  });
  svc = await startTestService({
    scheduler: false,
    // short waits: a job nobody takes ends after 1.5 s; a lease lasts the run's limit + 0.5 s
    agents: { queueWaitMs: 1500, leaseMarginMs: 500, sweepMs: 100 },
  });
});
afterEach(async () => {
  await Promise.all(agents.splice(0).map((a) => a.stop("SIGKILL")));
});
afterAll(async () => {
  await svc.dispose();
  await target.close();
});

const spawnAgent = (key: string, extra: string[] = []) => {
  const a = startAgent(svc.url, key, extra);
  agents.push(a);
  return a;
};

describe("vigil agent", () => {
  it("runs the location's checks there: result from the location, agent counted, key never printed", async () => {
    const loc = await createLocation(svc, "lab-flow");
    const check = await createUrlCheck(svc, "Flow", `${target.url}/flow`, "lab-flow");
    expect((await location(svc, loc.id)).agentCount).toBe(0);
    const agent = spawnAgent(loc.key);
    await agent.line(/for private location lab-flow/);
    const [session] = await trigger(svc, [check]);
    const done = await completion(svc, session!);
    expect(done.status).toBe("PASSED");
    expect(done.results).toHaveLength(1);
    expect(done.results[0]).toMatchObject({ runLocation: "lab-flow", hasFailures: false, hasErrors: false });
    expect(hits.get("/flow")).toBe(1);
    await agent.line(/PASS\s+Flow/);
    const read = await location(svc, loc.id);
    expect(read.agentCount).toBe(1);
    expect(Date.now() - Date.parse(read.lastSeen)).toBeLessThan(30_000);
    expect(read.runningAgents[0].agents[0].id).toMatch(/-[0-9a-f]{8}$/);
    // a clean stop says goodbye: no longer counted at once, the last contact kept
    expect(await agent.stop("SIGTERM")).toBe(0);
    const after = await location(svc, loc.id);
    expect(after.agentCount).toBe(0);
    expect(after.lastSeen).not.toBeNull();
    expect([...agent.stdout, ...agent.stderr].join("\n")).not.toContain(loc.key);
  });

  it("two agents share the work and no attempt runs twice", async () => {
    const loc = await createLocation(svc, "lab-share");
    const checks = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        createUrlCheck(svc, `Share ${i}`, `${target.url}/share-${i}`, "lab-share"),
      ),
    );
    const a = spawnAgent(loc.key, ["--concurrency", "1"]);
    const b = spawnAgent(loc.key, ["--concurrency", "1"]);
    await Promise.all([a.line(/for private location/), b.line(/for private location/)]);
    expect((await location(svc, loc.id)).agentCount).toBe(2);
    const sessions = await trigger(svc, checks);
    const done = await Promise.all(sessions.map((s) => completion(svc, s)));
    expect(done.map((d) => d.status)).toEqual(Array(8).fill("PASSED"));
    for (let i = 0; i < 8; i++) expect(hits.get(`/share-${i}`)).toBe(1);
    for (const c of checks) expect(await results(svc, c)).toHaveLength(1);
    const ran = (p: AgentProcess) => p.stdout.filter((l) => /PASS\s+Share/.test(l)).length;
    expect(ran(a) + ran(b)).toBe(8);
  });

  it("an agent killed mid-run: the run is redone once by another agent after the lease", async () => {
    const loc = await createLocation(svc, "lab-kill");
    const check = await createUrlCheck(svc, "Hang", `${target.url}/hang`, "lab-kill");
    let release: (() => void) | undefined;
    const held = new Promise<void>((resolve) => {
      holdFirst = (r) => {
        release = r;
        resolve();
      };
    });
    const first = spawnAgent(loc.key);
    await first.line(/for private location/);
    const [session] = await trigger(svc, [check]);
    await held; // the first agent is inside the run
    await first.stop("SIGKILL");
    const second = spawnAgent(loc.key);
    const done = await completion(svc, session!);
    release?.();
    holdFirst = undefined;
    expect(done.status).toBe("PASSED");
    expect(done.results).toHaveLength(1);
    expect(hits.get("/hang")).toBe(2);
    expect(await results(svc, check)).toHaveLength(1);
    await second.line(/PASS\s+Hang/);
  });

  it("refuses an unknown key, and stops an agent whose key was revoked (exit 4: auth)", async () => {
    const unknown = spawnAgent(`pl_${"0".repeat(32)}`);
    expect(await unknown.exited).toBe(4);
    expect(unknown.stderr.join("\n")).toMatch(/refused the location key/);
    expect(unknown.stderr.join("\n")).not.toContain("0".repeat(32));

    const loc = await createLocation(svc, "lab-revoke");
    const check = await createUrlCheck(svc, "Revoked", `${target.url}/revoked`, "lab-revoke");
    const agent = spawnAgent(loc.key);
    await agent.line(/for private location/);
    expect((await svc.call("DELETE", `/v1/private-locations/${loc.id}/keys/${loc.keyId}`)).status).toBe(204);
    // the agent's next call (this run's result) is refused: it stops, and stores nothing
    await trigger(svc, [check]);
    expect(await agent.exited).toBe(4);
    expect(agent.stderr.join("\n")).toMatch(/refused the location key/);
    expect(await results(svc, check)).toHaveLength(0);
    // the protocol itself refuses the revoked key and the account API key
    for (const key of [loc.key, svc.apiKey]) {
      const r = await fetch(`${svc.url}/agent/v1/heartbeat`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify({ agentId: "x" }),
      });
      expect(r.status).toBe(401);
    }
  });

  it("an agent that said goodbye stays gone: a lease poll it sent before, read late, neither revives it nor takes work", async () => {
    const loc = await createLocation(svc, "lab-late");
    const check = await createUrlCheck(svc, "Late", `${target.url}/late`, "lab-late");
    const agentCall = async (path: string, body: Record<string, unknown>) => {
      const res = await fetch(`${svc.url}/agent/v1/${path}`, {
        method: "POST",
        headers: { authorization: `Bearer ${loc.key}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: res.status === 204 ? undefined : await res.json() };
    };
    const me = {
      agentId: "lab-host-0badc0de",
      version: "test",
      hostname: "lab-host",
      concurrency: 1,
      running: 0,
    };
    expect((await agentCall("heartbeat", me)).status).toBe(200);
    expect((await location(svc, loc.id)).agentCount).toBe(1);
    expect((await agentCall("bye", { agentId: me.agentId })).status).toBe(204);
    const [queued] = await trigger(svc, [check]); // a run waits for this location's agents
    const late = await agentCall("lease", { ...me, max: 1, waitSeconds: 0 });
    expect(late).toEqual({ status: 200, body: { jobs: [] } });
    expect((await location(svc, loc.id)).agentCount).toBe(0);
    // no agent took it: the run ends as "cannot run", never leased to the agent that left
    const done = await completion(svc, queued!);
    expect(done.results[0].errorMessage).toMatch(/no agent of private location lab-late took the run/);
    expect(hits.get("/late")).toBeUndefined();
  });

  it("takes a result with a screenshot beyond the API's 1 MiB limit, and bounds it (8 MiB)", async () => {
    const loc = await createLocation(svc, "lab-big");
    const post = (bytes: number) =>
      fetch(`${svc.url}/agent/v1/jobs/no-such-job/result`, {
        method: "POST",
        headers: { authorization: `Bearer ${loc.key}`, "content-type": "application/json" },
        body: JSON.stringify({
          leaseId: "l",
          outcome: {
            hasFailures: false,
            hasErrors: false,
            responseTime: 1,
            assets: { "screenshot.png": "A".repeat(bytes) },
          },
        }),
      });
    // read and refused as stale (no such lease), not as too large
    expect((await post(3_000_000)).status).toBe(409);
    expect((await post(9_000_000)).status).toBe(413);
    // elsewhere the service's own limit holds
    const big = await svc.call("POST", "/v1/private-locations", {
      name: "x".repeat(2_000_000),
      slugName: "x",
    });
    expect(big.status).toBe(413);
  });

  it("a check moved off the location is not handed out; with no agent a run says it cannot run", async () => {
    const loc = await createLocation(svc, "lab-move");
    const check = await createUrlCheck(svc, "Moved", `${target.url}/moved`, "lab-move");
    const [queued] = await trigger(svc, [check]); // no agent yet: the job waits
    const put = await svc.call("PUT", `/v1/checks/${check}`, {
      privateLocations: [],
      locations: ["eu-west-1"],
    });
    expect(put.status).toBe(200);
    const agent = spawnAgent(loc.key);
    await agent.line(/for private location/);
    const done = await completion(svc, queued!);
    expect(done.results[0]).toMatchObject({ runLocation: "lab-move", isCancelled: true });
    expect(done.results[0].errorMessage).toMatch(/no longer at private location lab-move/);
    expect(hits.get("/moved")).toBeUndefined();

    // a location without agents: the attempt ends as "cannot run", no pass and no failure
    await agent.stop("SIGTERM");
    const lonely = await createLocation(svc, "lab-empty");
    const c2 = await createUrlCheck(svc, "Lonely", `${target.url}/lonely`, "lab-empty");
    const [s2] = await trigger(svc, [c2]);
    const d2 = await completion(svc, s2!);
    expect(d2.results[0]).toMatchObject({ isCancelled: true, hasFailures: false });
    expect(d2.results[0].errorMessage).toMatch(/no agent of private location lab-empty took the run/);
    const status = (await svc.call("GET", `/v1/check-statuses/${c2}`)).body;
    expect(status.cannotRun).toBe(true);
    expect(lonely.id).toBeTruthy();
  });
});

describe("the location's proxy", () => {
  let proxy: Server;
  const seen: { url: string; auth: string | undefined }[] = [];
  beforeAll(async () => {
    // a forward proxy for http:// targets (absolute-form request line), with basic auth
    proxy = createServer((req: IncomingMessage, res) => {
      seen.push({ url: req.url ?? "", auth: req.headers["proxy-authorization"] });
      const up = httpRequest(req.url ?? "", { method: req.method, headers: req.headers }, (r) => {
        res.writeHead(r.statusCode ?? 502, r.headers);
        r.pipe(res);
      });
      up.on("error", () => res.writeHead(502).end());
      req.pipe(up);
    });
    await new Promise<void>((r) => proxy.listen(0, "127.0.0.1", r));
  });
  afterAll(() => new Promise<void>((r) => proxy.close(() => r())));

  it("carries the check's requests, with the credentials of the proxy URL", async () => {
    const port = (proxy.address() as AddressInfo).port;
    const loc = await createLocation(svc, "lab-proxy", `http://vigil:s3cret@127.0.0.1:${port}`);
    const check = await createUrlCheck(svc, "Proxied", `${target.url}/proxied`, "lab-proxy");
    const agent = spawnAgent(loc.key);
    await agent.line(/for private location/);
    const [session] = await trigger(svc, [check]);
    const done = await completion(svc, session!);
    expect(done.status).toBe("PASSED");
    expect(seen).toEqual([
      { url: `${target.url}/proxied`, auth: `Basic ${Buffer.from("vigil:s3cret").toString("base64")}` },
    ]);
    expect(hits.get("/proxied")).toBe(1);
    expect(agent.stdout.join("\n")).not.toContain("s3cret");
  });
});
