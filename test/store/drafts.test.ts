/** Drafts on disk: real temp dirs, file modes, atomic replacement, reload by a fresh store, scopes. */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createClient } from "../../src/api/client.ts";
import { createActions } from "../../src/store/actions/actions.ts";
import {
  createDraftStore,
  type Draft,
  DraftUnreadableError,
  writeAtomic,
} from "../../src/store/forms/drafts.ts";
import { createConsoleStore } from "../../src/store/state.ts";
import { PANE_HOOKS } from "../../src/tui/panes/selects.ts";

const dirs: string[] = [];
function dataDir(): string {
  const d = mkdtempSync(join(tmpdir(), "vigil-drafts-"));
  dirs.push(d);
  return d;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function draft(p: Partial<Draft> = {}): Draft {
  return {
    id: "3f1c2b9e-0000-4000-8000-000000000001",
    kind: "update",
    scope: "http://127.0.0.1:1#",
    target: { incidentId: "inc-1", label: "DB down" },
    values: { description: "Fix deployed", status: "MONITORING", notify: true },
    createdAt: 1000,
    savedAt: 1000,
    ...p,
  };
}

describe("draft store", () => {
  it("writes one 0600 file per draft in a 0700 directory and reads it back after a reload", () => {
    const dir = dataDir();
    const a = createDraftStore(dir);
    a.save(draft());
    const file = join(dir, "drafts", `${draft().id}.json`);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, "drafts")).mode & 0o777).toBe(0o700);
    // a fresh store (a restarted console) sees the same draft, values intact
    const b = createDraftStore(dir);
    expect(b.list()).toEqual([draft()]);
    expect(b.get(draft().id)?.values.description).toBe("Fix deployed");
  });

  it("replaces a draft atomically: no temp file left, the file always parses", () => {
    const dir = dataDir();
    const s = createDraftStore(dir);
    s.save(draft());
    for (let i = 0; i < 50; i++)
      s.save(draft({ values: { description: "x".repeat(i) }, savedAt: 2000 + i }), i % 10 === 0);
    const names = readdirSync(join(dir, "drafts"));
    expect(names).toEqual([`${draft().id}.json`]);
    const text = readFileSync(join(dir, "drafts", names[0]!), "utf8");
    expect(JSON.parse(text).values.description).toBe("x".repeat(49));
    expect(statSync(join(dir, "drafts", names[0]!)).mode & 0o777).toBe(0o600);
  });

  it("writeAtomic keeps the old content when the rename cannot happen", () => {
    const dir = dataDir();
    const target = join(dir, "sub-missing", "x.json");
    expect(() => writeAtomic(target, "new")).toThrow();
    const file = join(dir, "x.json");
    writeFileSync(file, "old");
    writeAtomic(file, "new");
    expect(readFileSync(file, "utf8")).toBe("new");
    expect(readdirSync(dir)).toEqual(["x.json"]);
  });

  it("a crash between write and rename leaves a temp file that is ignored; unreadable drafts are skipped", () => {
    const dir = dataDir();
    const s = createDraftStore(dir);
    s.save(draft());
    writeFileSync(join(dir, "drafts", `${draft().id}.json.123.abc.tmp`), "{half");
    writeFileSync(join(dir, "drafts", "broken.json"), "{not json");
    expect(s.list().map((d) => d.id)).toEqual([draft().id]);
    // the broken file is kept for a human, and reported
    expect(readdirSync(join(dir, "drafts"))).toContain("broken.json");
    expect(s.unreadable()).toEqual([join(dir, "drafts", "broken.json")]);
  });

  it("get: a missing draft is none, a damaged one is an error naming the file, which stays as it is", () => {
    const dir = dataDir();
    const s = createDraftStore(dir);
    expect(s.get(draft().id)).toBeUndefined();
    const path = join(dir, "drafts", `${draft().id}.json`);
    s.save(
      draft({ sent: { publicIncidentUpdateDate: "2026-11-25T10:00:00.000Z", description: "x", at: 1 } }),
    );
    writeFileSync(path, "{not json");
    expect(() => s.get(draft().id)).toThrow(DraftUnreadableError);
    expect(() => s.get(draft().id)).toThrow(`the draft ${path} cannot be read (not JSON`);
    writeFileSync(path, JSON.stringify({ ...draft(), id: "another-id" }));
    expect(() => s.get(draft().id)).toThrow(/cannot be read \(not a draft\)/);
    expect(readdirSync(join(dir, "drafts"))).toEqual([`${draft().id}.json`]);
  });

  it("the console says when a draft cannot be read (nothing typed is lost silently)", () => {
    const dir = dataDir();
    const drafts = createDraftStore(dir);
    drafts.save(draft());
    writeFileSync(join(dir, "drafts", "broken.json"), "{not json");
    const store = createConsoleStore();
    const client = createClient({ baseUrl: "http://127.0.0.1:9", apiKey: "k" });
    const actions = createActions(client, store, undefined, {
      panes: PANE_HOOKS,
      readOnly: false,
      drafts,
      draftScope: draft().scope,
    });
    actions.offerDrafts();
    expect(store.getState().ui.notice).toMatch(/a draft could not be read \(kept\): .*broken\.json/);
    expect(store.getState().ui.overlay).toMatchObject({ kind: "confirm" }); // the readable one is offered
  });

  it("lists newest first, filters by scope, removes on acknowledgement", () => {
    const dir = dataDir();
    const s = createDraftStore(dir);
    s.save(draft({ id: "a", savedAt: 1 }));
    s.save(draft({ id: "b", savedAt: 3 }));
    s.save(draft({ id: "c", savedAt: 2, scope: "other" }));
    expect(s.list("http://127.0.0.1:1#").map((d) => d.id)).toEqual(["b", "a"]);
    expect(s.list().map((d) => d.id)).toEqual(["b", "c", "a"]);
    s.remove("b");
    expect(s.list("http://127.0.0.1:1#").map((d) => d.id)).toEqual(["a"]);
    expect(() => s.save(draft({ id: "../escape" }))).toThrow(/invalid draft id/);
  });

  it("an empty data dir has no drafts (and no directory is created until a draft is saved)", () => {
    const dir = dataDir();
    expect(createDraftStore(dir).list()).toEqual([]);
    expect(readdirSync(dir)).toEqual([]);
  });
});
