/**
 * An agent of this version against a service of an earlier one: the check it is handed is the `checks` row
 * without the dates the service added later (created_at, updated_at). A run does not read them, so the
 * agent still runs the check — against a real HTTP target on loopback — and sends a passing result.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAgent } from "../../../src/agent/agent.ts";
import type { AgentClient, Job } from "../../../src/agent/protocol.ts";
import type { RunOutcome } from "../../../src/service/runners/types.ts";
import { until } from "../../support/until.ts";

const target = createServer((_req, res) => res.end("ok"));
let url = "";
beforeAll(async () => {
  await new Promise<void>((r) => target.listen(0, "127.0.0.1", r));
  url = `http://127.0.0.1:${(target.address() as AddressInfo).port}/health`;
});
afterAll(() => new Promise<void>((r) => target.close(() => r())));

describe("an agent handed a check by an earlier service", () => {
  it("runs a check row without its dates and sends the result", async () => {
    const job: Job = {
      jobId: "j1",
      leaseId: "l1",
      leaseUntil: Date.now() + 60_000,
      timeoutMs: 5000,
      location: "office",
      proxyUrl: null,
      // the row as a service before the dates hands it
      check: {
        id: "c1",
        name: "Office health",
        check_type: "URL",
        activated: 1,
        muted: 0,
        frequency: 10,
        tags: "[]",
        locations: "[]",
        doc: JSON.stringify({ privateLocations: ["office"], request: { url } }),
      },
    };
    const results: RunOutcome[] = [];
    let leased = false;
    const stop = new AbortController();
    const client: AgentClient = {
      heartbeat: async () => ({ location: { id: "p1", slug: "office", name: "Office" } }),
      lease: async (_info, _max, _wait, signal) => {
        if (!leased) {
          leased = true;
          return [job];
        }
        await new Promise<void>((r) => signal.addEventListener("abort", () => r(), { once: true }));
        return [];
      },
      result: async (_jobId, _leaseId, outcome) => {
        results.push(outcome);
        return "stored";
      },
      release: async () => {},
      bye: async () => {},
    };
    const done = runAgent({
      client,
      concurrency: 1,
      version: "test",
      hostname: "test",
      log: () => {},
      signal: stop.signal,
    });
    const [outcome] = await until("the run's result", 10_000, () => (results.length ? results : undefined));
    stop.abort();
    await done;
    expect(outcome?.errorMessage ?? null).toBeNull();
    expect(outcome?.hasFailures).toBe(false);
  });
});
