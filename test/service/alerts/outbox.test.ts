/** The outbox on a real SQLite file: claims are exclusive, outcomes recorded, interrupted attempts recovered. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "../../../src/service/db/open.ts";
import {
  claimDue,
  complete,
  enqueue,
  nextDueAt,
  recoverInterrupted,
} from "../../../src/service/repo/outbox.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function db(file?: string) {
  const dir = mkdtempSync(join(tmpdir(), "vigil-outbox-"));
  dirs.push(dir);
  return { db: openDatabase(file ?? join(dir, "vigil.db")), file: join(dir, "vigil.db") };
}

const delivery = {
  kind: "CHECK_ALERT" as const,
  channelId: 1,
  channelType: "WEBHOOK",
  alertConfig: {},
  payload: { url: "http://127.0.0.1:9/", body: "{}" },
  secret: "s",
};

describe("outbox", () => {
  it("a due row is claimed once, even by two claimers on two connections", () => {
    const { db: a, file } = db();
    const b = openDatabase(file);
    const id = enqueue(a, delivery, 1000, 6);
    expect(nextDueAt(a)).toBe(1000);
    expect(claimDue(a, 999, 10)).toEqual([]);
    const first = claimDue(a, 1000, 10);
    const second = claimDue(b, 1000, 10);
    expect(first.map((d) => d.id)).toEqual([id]);
    expect(first[0]).toMatchObject({ attempt: 1, maxAttempts: 6, secret: "s" });
    expect(second).toEqual([]);
    b.close();
    a.close();
  });

  it("failed attempts are rescheduled until the last one; then FAILURE / RATE_LIMITED", () => {
    const { db: d } = db();
    enqueue(d, delivery, 0, 2);
    const [c1] = claimDue(d, 0, 1);
    complete(d, c1!, { ok: false, status: 500, error: "HTTP 500" }, 10, 100);
    expect(claimDue(d, 10, 1)).toEqual([]);
    expect(nextDueAt(d)).toBe(110);
    const [c2] = claimDue(d, 110, 1);
    expect(c2!.attempt).toBe(2);
    complete(d, c2!, { ok: false, status: 429, error: "HTTP 429", rateLimited: true }, 120, 100);
    const row = d.prepare("SELECT status, attempts, next_attempt_at FROM alert_deliveries").get();
    expect(row).toEqual({ status: "RATE_LIMITED", attempts: 2, next_attempt_at: null });
    expect(nextDueAt(d)).toBeUndefined();
    d.close();
  });

  it("an attempt in flight at a crash is INTERRUPTED and the delivery due again (attempt 2, not a resend of 1)", () => {
    const { db: d, file } = db();
    const id = enqueue(d, delivery, 0, 6);
    claimDue(d, 0, 1);
    d.close(); // crash: SENDING left behind
    const again = openDatabase(file);
    expect(recoverInterrupted(again, 50)).toBe(1);
    const attempts = again
      .prepare("SELECT attempt, outcome FROM alert_delivery_attempts WHERE delivery_id = ?")
      .all(id);
    expect(attempts).toEqual([{ attempt: 1, outcome: "INTERRUPTED" }]);
    const [c] = claimDue(again, 50, 1);
    expect(c).toMatchObject({ id, attempt: 2 });
    again.close();
  });

  it("final outcomes decided at enqueue are never sent", () => {
    const { db: d } = db();
    enqueue(d, { ...delivery, final: { status: "SKIPPED", reason: "not configured" } }, 0, 6);
    expect(claimDue(d, 10_000, 10)).toEqual([]);
    const row = d.prepare("SELECT status, last_error, secret FROM alert_deliveries").get();
    expect(row).toEqual({ status: "SKIPPED", last_error: "not configured", secret: null });
    d.close();
  });
});
