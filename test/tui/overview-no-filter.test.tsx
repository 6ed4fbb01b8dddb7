/**
 * The overview offers no `/` (a short list ranked by what needs a look: a filter would hide what broke
 * next; the checks pane filters every check): on pane 0 the key does nothing — no prompt, no label — and
 * neither the `?` help, the footer nor the README's key table offer it there; on the checks pane it filters.
 */
import { afterEach, describe, expect, it } from "vitest";
import { apply } from "../../src/store/state.ts";
import { setPane } from "../../src/store/view/ui.ts";
import { bindingFor, helpFor, hintsFor, keyTable } from "../../src/tui/keymap.ts";
import { check, status, storeWith } from "../store/fixtures.ts";
import { frameWhere, renderConsole } from "./support/console.tsx";

const login = check({ name: "Login page" });
const search = check({ name: "Search API" });
const store = () => {
  const s = storeWith([login, search], [status(login.id, "failing"), status(search.id, "failing")]);
  apply(s, setPane(s.getState(), "overview"));
  return s;
};

let open: { close(): Promise<void> } | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

describe("/ on the overview", () => {
  it("is no key there, and not offered by the help, the footer or the key table", () => {
    const s = store();
    expect(bindingFor(s.getState(), "/")).toBeUndefined();
    expect(helpFor("overview", false).global.map((h) => h.what)).not.toContain(
      "filter the list (Enter keeps it, Esc clears)",
    );
    expect(hintsFor(s.getState(), false)).not.toMatch(/\/ filter/);
    apply(s, setPane(s.getState(), "checks"));
    expect(bindingFor(s.getState(), "/")?.action).toBe("filter");
    expect(hintsFor(s.getState(), false)).toMatch(/\/ filter/);
    expect(keyTable()).toContain("| `/` | `filter` | global | every pane but overview |");
  });

  it("pressed on pane 0 opens no prompt; the lines stay listed", async () => {
    const s = store();
    const c = renderConsole(s, { columns: 100, rows: 24 });
    open = c;
    await frameWhere(c, (f) => f.includes("Search API") && f.includes("Login page"));
    await c.press("/");
    const f = c.frame();
    expect(s.getState().ui.filtering).toBe(false);
    expect(f).not.toContain("Enter keeps · Esc clears");
    expect(f).not.toContain("/█");
    expect(f).toContain("Search API");
    expect(f).toContain("Login page");
  });
});
