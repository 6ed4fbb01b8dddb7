/**
 * `T` with a tag expression that matches no check (issue 28): the prompt says so and stays open, instead
 * of asking to confirm a trigger the service then refuses. While the check list is not held whole (still
 * loading, or capped), the service decides: the confirmation comes as before.
 */
import { describe, expect, it } from "vitest";
import { createClient } from "../../src/api/client.ts";
import { createActions } from "../../src/store/actions/actions.ts";
import { checksLoaded } from "../../src/store/data/slices.ts";
import { apply } from "../../src/store/state.ts";
import { PANE_HOOKS } from "../../src/tui/panes/selects.ts";
import { check, storeWith } from "./fixtures.ts";

function rig(
  store = storeWith([
    check({ name: "Checkout", tags: ["prod", "api"] }),
    check({ name: "Beat", checkType: "HEARTBEAT", tags: ["nightly"] }),
  ]),
) {
  // port 9 on loopback: nothing listens, and nothing may be sent here anyway
  const client = createClient({ baseUrl: "http://127.0.0.1:9", apiKey: "k", retries: 0 });
  const actions = createActions(client, store, undefined, { panes: PANE_HOOKS, readOnly: false });
  return { store, actions, client };
}

const overlay = (store: ReturnType<typeof storeWith>) => store.getState().ui.overlay;

describe("T with a tag expression", () => {
  it("matching no check: says so at the prompt, asks nothing", async () => {
    const { store, actions, client } = rig();
    actions.askTagTrigger();
    for (const expr of ["staging", "nightly"]) {
      actions.promptChange(expr);
      actions.promptSubmit();
      const o = overlay(store);
      expect(o.kind).toBe("prompt");
      expect(o.kind === "prompt" && o.error).toBe(
        `no check matches ${expr} — nothing to trigger (heartbeat and deactivated checks do not run on demand)`,
      );
    }
    await actions.stop();
    await client.close();
  });

  it("tags that name only checks that do not run on demand: the hint says they are there", async () => {
    const { store, actions, client } = rig();
    actions.askTagTrigger();
    actions.promptChange("nightly");
    const o = overlay(store);
    expect(o.kind === "prompt" && o.hint).toBe(
      "0 checks to run match nightly (1 more does not run on demand: heartbeat or deactivated)",
    );
    actions.promptChange("prod");
    const p = overlay(store);
    expect(p.kind === "prompt" && p.hint).toBe("1 check matches prod");
    await actions.stop();
    await client.close();
  });

  it("matching a check: the confirmation as before", async () => {
    const { store, actions, client } = rig();
    actions.askTagTrigger();
    actions.promptChange("prod");
    actions.promptSubmit();
    expect(overlay(store).kind).toBe("confirm");
    await actions.stop();
    await client.close();
  });

  it("while the list is not held whole, the service decides (confirmation)", async () => {
    const store = storeWith([]);
    apply(store, checksLoaded([check({ name: "one", tags: ["prod"] })], Date.now(), undefined, 5000));
    const { actions, client } = rig(store);
    actions.askTagTrigger();
    actions.promptChange("staging");
    actions.promptSubmit();
    expect(overlay(store).kind).toBe("confirm");
    await actions.stop();
    await client.close();
  });
});
