/**
 * Damaged stored JSON is never read as empty: the API read fails as corruption (a 500 naming the
 * database, app.ts), the engine leaves the check out and reports it while the others still run, and a
 * malformed VIGIL_WEBHOOK_VARIABLES stops the start with a message; a channel row or a stored assertion is
 * read field by field. Real SQLite files in temp dirs.
 */
import { afterEach, describe, expect, it } from "vitest";
import { envVariables } from "../../src/service/alerts/alerting.ts";
import { isCorruption } from "../../src/service/db/data-dir.ts";
import { resultJson } from "../../src/service/engine/shape.ts";
import { getChannel, insertChannel } from "../../src/service/repo/alert-channels.ts";
import { getCheck, readAllChecks } from "../../src/service/repo/checks.ts";
import type { ResultRow } from "../../src/service/repo/runs.ts";
import { CorruptRowError } from "../../src/service/repo/util.ts";
import { parseAssertions } from "../../src/service/runners/assertions.ts";
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

  it("an alert channel whose config is not an object, or a flag not 0/1: a CorruptRowError naming the column", () => {
    t = tempDb();
    const { db } = t;
    const input = {
      type: "WEBHOOK",
      config: { url: "http://127.0.0.1:9/" },
      sendRecovery: true,
      sendFailure: true,
      sendDegraded: false,
      sslExpiry: false,
      sslExpiryThreshold: 30,
      autoSubscribe: false,
    };
    const id = insertChannel(db, input, "2026-11-27T05:00:00.000Z");
    expect(getChannel(db, id)?.config).toEqual(input.config);
    db.prepare("UPDATE alert_channels SET config = '[1]' WHERE id = ?").run(id);
    expect(() => getChannel(db, id)).toThrow("column config holds a list, not a JSON object");
    db.prepare("UPDATE alert_channels SET config = '{}', send_failure = 2 WHERE id = ?").run(id);
    expect(() => getChannel(db, id)).toThrow("column send_failure holds a number, not 0 or 1");
  });

  it("a stored assertion is read field by field: one without source or comparison is left out", () => {
    const ok = { source: "STATUS_CODE", comparison: "EQUALS", target: 200, property: "", regex: null, id: 3 };
    expect(parseAssertions([ok, { comparison: "EQUALS" }, "x", null, { ...ok, target: { no: 1 } }])).toEqual([
      ok,
      { ...ok, target: undefined },
    ]);
    expect(parseAssertions("not a list")).toEqual([]);
    // an old stored result (only `passed`) gets its error on the way out; a damaged one says it failed
    const at = Date.parse("2026-11-27T05:00:00Z");
    const row: ResultRow = {
      id: "r1",
      sessionId: null,
      checkId: "c1",
      checkType: "API",
      name: "c1",
      runLocation: "eu-west-1",
      resultType: "FINAL",
      hasFailures: true,
      hasErrors: false,
      isDegraded: false,
      overMaxResponseTime: false,
      aborted: false,
      isCancelled: false,
      responseTime: 10,
      statusCode: 500,
      attempts: 1,
      retries: 0,
      startedAt: at,
      stoppedAt: at + 10,
      errorMessage: null,
      metrics: {},
      pageIndex: null,
      detail: {
        apiCheckResult: {
          assertions: [
            { ...ok, passed: false, actual: 500 },
            { comparison: "EQUALS", passed: false },
            { ...ok, passed: true, actual: 200 },
          ],
        },
      },
    };
    const out = resultJson(row).apiCheckResult;
    expect(out).toMatchObject({
      assertions: [
        { error: "expected status code to equal 200, received 500" },
        { error: "the assertion failed" },
        { error: null },
      ],
    });
  });
});
