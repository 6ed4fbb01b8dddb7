/**
 * A refresh of the checks list and a statuses read, once both are held, go one after the other
 * (loaders.ts): together (every 5 minutes both are read whole) each kept the other's answer waiting through
 * its parse, promoted to V8's old generation. Over real HTTP on loopback: a statuses read asked while a
 * refresh is under way is sent once the refresh is done (a request made after it reaches the service first) — and, when the refresh is slow, no later than the
 * wait's bound; the first reads of both still go together.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createClient } from "../../../src/api/client.ts";
import { createLoaders } from "../../../src/store/data/loaders.ts";
import { createConsoleStore } from "../../../src/store/state.ts";
import { ScriptedServer } from "../../support/scripted-server.ts";
import { until } from "../../support/until.ts";

const check = (i: number) => ({ id: `c${i}`, name: `check ${i}`, checkType: "API" });
const status = (i: number) => ({ checkId: `c${i}`, hasFailures: false, hasErrors: false });

let srv: ScriptedServer;
let log: string[];
/** The checks' answers wait for this while it is set (a slow refresh). */
let gate: Promise<void> | undefined;
beforeEach(async () => {
  log = [];
  gate = undefined;
  srv = await new ScriptedServer().start();
  srv.always(async (req) => {
    const what = req.path.startsWith("/v1/checks")
      ? "checks"
      : req.path.startsWith("/v1/check-statuses")
        ? "statuses"
        : "probe";
    log.push(`${what} asked`);
    if (what === "checks") {
      await gate;
      log.push("checks answered");
      return { json: [check(1), check(2)], headers: { "content-range": "0-1/2" } };
    }
    return { json: what === "probe" ? [] : [status(1), status(2)] };
  });
});
afterEach(async () => {
  await srv.close();
});

function rig(bigReadWaitMs?: number) {
  const client = createClient({ baseUrl: srv.url, apiKey: "k", retries: 0 });
  const store = createConsoleStore();
  const loaders = createLoaders(client, store, bigReadWaitMs !== undefined ? { bigReadWaitMs } : {});
  return { client, store, loaders };
}

describe("a checks refresh and a statuses read", () => {
  it("the first reads go together; once both are held, a statuses read waits for the refresh under way", async () => {
    const { client, store, loaders } = rig();
    let open = () => {};
    gate = new Promise<void>((r) => (open = r));
    const first = Promise.all([loaders.checks(), loaders.statuses()]);
    // the first statuses read does not wait for the whole first list (only its first answer)
    await until("the checks asked", 5000, () => log.includes("checks asked"));
    open();
    await first;
    expect(store.getState().statuses.byId.size).toBe(2);
    log.length = 0;
    gate = new Promise<void>((r) => (open = r));
    const refresh = loaders.checks();
    await until("the checks asked", 5000, () => log.includes("checks asked"));
    const poll = loaders.statuses();
    // a request sent after the statuses were asked for has reached the service: so would the statuses'
    // own, were it not waiting for the refresh
    await loaders.probe();
    open();
    await Promise.all([refresh, poll]);
    // asked while the refresh was held up, sent once it was done
    expect(log).toEqual(["checks asked", "probe asked", "checks answered", "statuses asked"]);
    await client.close();
  });

  it("a slow refresh holds a statuses read back no longer than the wait's bound", async () => {
    const { client, loaders } = rig(30);
    await Promise.all([loaders.checks(), loaders.statuses()]);
    log.length = 0;
    let open = () => {};
    gate = new Promise<void>((r) => (open = r));
    const refresh = loaders.checks();
    await until("the checks asked", 5000, () => log.includes("checks asked"));
    await loaders.statuses();
    expect(log).toEqual(["checks asked", "statuses asked"]);
    open();
    await refresh;
    await client.close();
  });
});
