/**
 * A private location with no live agent: only its checks' runs there stop (a check may run in public
 * locations too), so the detail says they do not run here — not that they are not running.
 */
import { describe, expect, it } from "vitest";
import type { PrivateLocation } from "../../src/contract/schemas/private-locations.ts";
import { locationFields } from "../../src/tui/panes/locations/view.tsx";

const dcWest = {
  id: "l1",
  name: "DC West",
  slugName: "dc-west",
  created_at: "2026-11-01T00:00:00Z",
  checkAssignments: [{ checkId: "c1", locationId: "l1" }],
  runningAgents: [],
} as unknown as PrivateLocation;

describe("a private location's detail", () => {
  it("no live agent: its checks do not run here (not 'not running')", () => {
    const alive = new Map(locationFields(dcWest, () => "Checkout API")).get("alive agents");
    expect(alive).toBe("none: its checks do not run here");
    const empty = { ...dcWest, checkAssignments: [] } as PrivateLocation;
    expect(new Map(locationFields(empty, () => undefined)).get("alive agents")).toBe("none");
  });
});
