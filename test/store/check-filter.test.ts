/** The `/` filter language of the checks lists: status:, type:, tag:, loc:, plain text, negation. */
import { describe, expect, it } from "vitest";
import { apply } from "../../src/store/state.ts";
import { matchesCheckFilter, parseCheckFilter } from "../../src/store/view/check-filter.ts";
import { setFilter } from "../../src/store/view/ui.ts";
import { analyticsChecks } from "../../src/tui/panes/analytics/rows.ts";
import { visibleCheckRows } from "../../src/tui/panes/checks/rows.ts";
import { check, status, storeWith } from "./fixtures.ts";

const api = check({
  name: "Checkout API",
  tags: ["prod", "api"],
  checkType: "API",
  locations: ["eu-west-1"],
});
const web = check({ name: "Login page", tags: ["prod", "web"], checkType: "URL", locations: ["us-east-1"] });
const tcp = check({
  name: "Cache node",
  tags: ["staging"],
  checkType: "TCP",
  locations: [],
  privateLocations: ["dc-berlin"],
});
const elsewhere = { locations: ["ap-south-1"] };
const hb = check({
  name: "Nightly backup",
  tags: ["jobs"],
  checkType: "HEARTBEAT",
  muted: true,
  ...elsewhere,
});
const off = check({ name: "Old login", tags: ["prod"], checkType: "URL", activated: false, ...elsewhere });
const browser = check({ name: "Signup flow", tags: ["prod"], checkType: "BROWSER", ...elsewhere });

function names(filter: string): string[] {
  const store = storeWith(
    [api, web, tcp, hb, off, browser],
    [
      status(api.id, "passing"),
      status(web.id, "failing"),
      status(tcp.id, "degraded"),
      status(off.id, "failing"),
      { ...status(browser.id, "passing"), cannotRun: true },
    ],
  );
  apply(store, setFilter(store.getState(), "checks", filter));
  return visibleCheckRows(store.getState())
    .map((r) => r.check.name)
    .sort();
}

describe("the checks filter", () => {
  it("status: matches the state the row shows; a deactivated check is not failing, muted goes with any state", () => {
    expect(names("status:failing")).toEqual(["Login page"]);
    expect(names("status:degraded")).toEqual(["Cache node"]);
    expect(names("status:passing")).toEqual(["Checkout API"]);
    expect(names("status:pending")).toEqual(["Nightly backup"]);
    expect(names("status:cannot-run")).toEqual(["Signup flow"]);
    expect(names("status:deactivated")).toEqual(["Old login"]);
    expect(names("status:muted")).toEqual(["Nightly backup"]);
    expect(names("status:active")).not.toContain("Old login");
  });

  it("status: takes a prefix and alternatives (, or |), and is case-insensitive", () => {
    expect(names("status:fail")).toEqual(["Login page"]);
    expect(names("STATUS:Failing,degraded")).toEqual(["Cache node", "Login page"]);
    expect(names("status:failing|deactivated")).toEqual(["Login page", "Old login"]);
    expect(names("status:broken")).toEqual([]);
  });

  it("type: is a prefix of the type, tag: part of a tag, loc: a public or private location", () => {
    expect(names("type:api")).toEqual(["Checkout API"]);
    expect(names("type:heart")).toEqual(["Nightly backup"]);
    expect(names("tag:stag")).toEqual(["Cache node"]);
    expect(names("loc:eu-west-1")).toEqual(["Checkout API"]);
    expect(names("loc:berlin")).toEqual(["Cache node"]);
    expect(names("location:us-east")).toEqual(["Login page"]);
    expect(names("name:login")).toEqual(["Login page", "Old login"]);
  });

  it("every word must match, keys and plain text together", () => {
    expect(names("status:failing tag:prod login")).toEqual(["Login page"]);
    expect(names("prod type:url")).toEqual(["Login page", "Old login"]);
    expect(names("prod type:url status:passing")).toEqual([]);
    expect(names("checkout")).toEqual(["Checkout API"]);
    // plain text: name, tag or type — and the start of the id
    expect(names("staging")).toEqual(["Cache node"]);
    expect(names(api.id)).toEqual(["Checkout API"]);
  });

  it("! or - in front of a word excludes what it matches", () => {
    expect(names("tag:prod !status:failing")).toEqual(["Checkout API", "Old login", "Signup flow"]);
    expect(names("prod -login")).toEqual(["Checkout API", "Signup flow"]);
    expect(names("!status:deactivated type:url")).toEqual(["Login page"]);
  });

  it("a phrase in quotes, an unknown key as text, and half-typed words match everything", () => {
    expect(names('"login page"')).toEqual(["Login page"]);
    expect(names("status:")).toHaveLength(6);
    expect(names("!")).toHaveLength(6);
    expect(names("tag:prod -")).toEqual(["Checkout API", "Login page", "Old login", "Signup flow"]);
    const colon = check({ name: "db:primary", tags: [] });
    expect(matchesCheckFilter({ check: colon }, "db:prim")).toBe(true);
    expect(matchesCheckFilter({ check: colon }, "db:replica")).toBe(false);
    expect(parseCheckFilter("  ")).toEqual([]);
  });

  it("the analytics pane's own filter speaks the same language", () => {
    const store = storeWith([api, web, tcp], [status(web.id, "failing")]);
    apply(store, setFilter(store.getState(), "analytics", "status:failing"));
    expect(analyticsChecks(store.getState()).map((r) => r.check.name)).toEqual(["Login page"]);
  });
});
