/** Where an update typed with no incident goes (pure): as it is, to the only open one, ask, or kept. */
import { describe, expect, it } from "vitest";
import type { Incident } from "../../../src/contract/schemas/incidents.ts";
import { NO_OPEN_INCIDENT, routedTo, routeUpdate } from "../../../src/store/actions/draft-route.ts";
import { FORM_KINDS } from "../../../src/store/forms/kinds/index.ts";

const inc = (id: string, name: string) =>
  ({ id, name, severity: "MAJOR", services: [] }) as unknown as Incident;
const noTarget = { ...FORM_KINDS.update.open(inc("", "x")), target: {} };

describe("routing an update draft", () => {
  it("a form that names its incident goes as it is, whatever is open", () => {
    expect(routeUpdate(FORM_KINDS.update.open(inc("i1", "A")), [inc("i2", "B")])).toEqual({ kind: "as-is" });
  });

  it("no incident: to the only open one, else asked among the open ones, else kept with why", () => {
    expect(routeUpdate(noTarget, [inc("i1", "A")])).toEqual({ kind: "to", incident: inc("i1", "A") });
    expect(routeUpdate(noTarget, [inc("i1", "A"), inc("i2", "B")])).toMatchObject({
      kind: "ask",
      incidents: [{ id: "i1" }, { id: "i2" }],
    });
    expect(routeUpdate(noTarget, [])).toEqual({ kind: "none", message: NO_OPEN_INCIDENT });
    // a draft restored before the incidents were known carries an empty id: it still needs one
    expect(routeUpdate({ kind: "update", target: { incidentId: "", label: "incident" } }, [])).toMatchObject({
      kind: "none",
    });
    // other forms are never routed
    expect(routeUpdate({ kind: "incident", target: {} }, [])).toEqual({ kind: "as-is" });
  });

  it("routed: the target and title change, the text typed stays", () => {
    const typed = {
      ...noTarget,
      values: { ...noTarget.values, description: "Rolled back" },
      touched: ["description"],
    };
    const f = routedTo(typed, inc("i7", "Checkout down"));
    expect(f.target).toEqual({ incidentId: "i7", label: "Checkout down" });
    expect(f.title).toBe("Update: Checkout down");
    expect(f.values.description).toBe("Rolled back");
    expect(f.touched).toEqual(["description"]);
  });
});
