/**
 * Damaged stored JSON is never read as empty: the API read fails as corruption (a 500 naming the
 * database, app.ts), the engine leaves the check out and reports it while the others still run, and a
 * malformed VIGIL_WEBHOOK_VARIABLES stops the start with a message. Real SQLite files in temp dirs.
 */
import { afterEach, describe, expect, it } from "vitest";
import { envVariables } from "../../src/service/alerts/alerting.ts";
import { isCorruption } from "../../src/service/db/data-dir.ts";
import { getCheck, readAllChecks } from "../../src/service/repo/checks.ts";
import { CorruptRowError } from "../../src/service/repo/util.ts";
import { insertCheck, type TempDb, tempDb } from "./runs/support.ts";

let t: TempDb | undefined;
afterEach(() => t?.cleanup());

describe("damaged rows", () => {
  it("a check whose stored JSON is damaged: the read fails as corruption, the engine skips and reports it", () => {
    t = tempDb();
    const good = insertCheck(t.db, {
      checkType: "URL",
      name: "Good",
      doc: { request: { url: "http://x/" } },
    });
    const bad = insertCheck(t.db, { checkType: "URL", name: "Bad", doc: { request: { url: "http://y/" } } });
    t.db.prepare("UPDATE checks SET doc = ? WHERE id = ?").run('{"request": {"url": ', bad);
    let err: unknown;
    try {
      getCheck(t.db, bad);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(CorruptRowError);
    expect(isCorruption(err)).toBe(true);
    const reported: string[] = [];
    const checks = readAllChecks(t.db, (e) => reported.push(e.message));
    expect(checks.map((c) => c.id)).toEqual([good]);
    expect(reported).toHaveLength(1);
    expect(reported[0]).toMatch(
      new RegExp(`check ${bad} \\(Bad\\) is skipped: a stored JSON value is not readable`),
    );
  });

  it("VIGIL_WEBHOOK_VARIABLES: a JSON object, else a clear error", () => {
    expect(envVariables({ VIGIL_WEBHOOK_VARIABLES: '{"TEAM":"sre"}' })).toEqual({ TEAM: "sre" });
    expect(envVariables({})).toEqual({});
    expect(() => envVariables({ VIGIL_WEBHOOK_VARIABLES: "{TEAM:sre}" })).toThrow(
      /VIGIL_WEBHOOK_VARIABLES is not JSON/,
    );
    expect(() => envVariables({ VIGIL_WEBHOOK_VARIABLES: '["sre"]' })).toThrow(/must be a JSON object/);
  });
});
