/**
 * Private-location agent benchmarks (issue 12). The service runs in this process on loopback, with a
 * loopback target answering at once; agents are real `vigil agent` processes (from source).
 * - agent.runs.perSecond: 400 URL checks at one location, triggered at once, one agent at concurrency 10:
 *   runs taken, run and reported per second (trigger → last session ended; median of 3).
 * - agent.service.cpuPerAgent.msPerMin: the service's CPU time per idle agent (heartbeats and long polls),
 *   measured with 10 idle agents against none, over 20 s each; and the requests per agent per minute.
 * - agent.service.rssPerAgent.MB: the service's RSS with 10 idle agents over none.
 */
import { subscribe } from "node:diagnostics_channel";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import {
  completion,
  createLocation,
  createUrlCheck,
  startAgent,
  trigger,
} from "../service/agents/support.ts";
import { startTestService, type TestService } from "../service/support.ts";
import type { Figure } from "./run.ts";

async function throughput(svc: TestService, url: string): Promise<number> {
  const loc = await createLocation(svc, "bench-runs");
  const checks: string[] = [];
  for (let i = 0; i < 400; i++)
    checks.push(await createUrlCheck(svc, `Bench ${i}`, `${url}/${i}`, "bench-runs"));
  const agent = startAgent(svc.url, loc.key, ["--concurrency", "10"]);
  await agent.line(/for private location/);
  const rates: number[] = [];
  try {
    for (let round = 0; round < 3; round++) {
      const t0 = performance.now();
      const sessions = await trigger(svc, checks);
      await Promise.all(sessions.map((s) => completion(svc, s)));
      rates.push(checks.length / ((performance.now() - t0) / 1000));
    }
  } finally {
    await agent.stop();
  }
  rates.sort((a, b) => a - b);
  process.stderr.write(`agent runs/s per round: ${rates.map((r) => r.toFixed(0)).join(", ")}\n`);
  return rates[1]!;
}

/**
 * The service at rest: no agent request for a second and under 5 % of a core used over half a second (the
 * tail of the work before — runs being recorded, long polls ending — is over). Gives up after 30 s and
 * says so: a service that never rests is what the idle figures are there to show.
 */
async function atRest(requests: () => number, what: string): Promise<void> {
  const deadline = performance.now() + 30_000;
  let seen = requests();
  let quietSince = performance.now();
  while (performance.now() < deadline) {
    const c0 = process.cpuUsage();
    await sleep(500); // the sampling window
    const c = process.cpuUsage(c0);
    if (requests() !== seen) {
      seen = requests();
      quietSince = performance.now();
    } else if (performance.now() - quietSince >= 1000 && (c.user + c.system) / 1000 < 25) return;
  }
  process.stderr.write(`the service did not come to rest ${what} within 30 s; measuring anyway\n`);
}

async function idleCost(svc: TestService, requests: () => number) {
  const loc = await createLocation(svc, "bench-idle");
  const measure = async () => {
    const r0 = requests();
    const c0 = process.cpuUsage();
    await sleep(20_000);
    const c = process.cpuUsage(c0);
    return { cpuMs: (c.user + c.system) / 1000, requests: requests() - r0, rss: process.memoryUsage().rss };
  };
  // the baseline before and after (the throughput round's tail settles first), the 10 agents in between
  await atRest(requests, "after the throughput round");
  const before = await measure();
  const agents = Array.from({ length: 10 }, () => startAgent(svc.url, loc.key, ["--concurrency", "1"]));
  await Promise.all(agents.map((a) => a.line(/for private location/)));
  const ten = await measure();
  await Promise.all(agents.map((a) => a.stop()));
  await atRest(requests, "after the agents stopped");
  const after = await measure();
  const cpu0 = (before.cpuMs + after.cpuMs) / 2;
  process.stderr.write(
    `idle service CPU over 20 s: ${before.cpuMs.toFixed(0)} / ${ten.cpuMs.toFixed(0)} (10 agents) / ${after.cpuMs.toFixed(0)} ms\n`,
  );
  return {
    cpuPerAgentMsPerMin: ((ten.cpuMs - cpu0) / 10) * 3,
    requestsPerAgentPerMin: ((ten.requests - before.requests) / 10) * 3,
    rssPerAgentMB: (ten.rss - before.rss) / 10 / 1024 / 1024,
  };
}

export default async function bench(report: (f: Figure) => void): Promise<void> {
  const target = createServer((_req, res) => res.end("ok"));
  await new Promise<void>((r) => target.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
  const svc = await startTestService({ scheduler: false });
  let agentRequests = 0;
  try {
    report({ figure: "agent.runs.perSecond", value: Math.round(await throughput(svc, url)), unit: "runs/s" });
    // agent calls seen by the service, counted at the HTTP server of this process
    subscribe("http.server.request.start", (m) => {
      const req = (m as { request: { url?: string } }).request;
      if (req.url?.startsWith("/agent/")) agentRequests++;
    });
    const idle = await idleCost(svc, () => agentRequests);
    report({
      figure: "agent.service.cpuPerAgent.msPerMin",
      value: Math.round(idle.cpuPerAgentMsPerMin * 10) / 10,
      unit: "ms CPU per minute",
      requestsPerAgentPerMin: Math.round(idle.requestsPerAgentPerMin * 10) / 10,
    });
    report({
      figure: "agent.service.rssPerAgent.MB",
      value: Math.round(idle.rssPerAgentMB * 100) / 100,
      unit: "MB",
    });
  } finally {
    await svc.dispose();
    await new Promise<void>((r) => target.close(() => r()));
  }
}
