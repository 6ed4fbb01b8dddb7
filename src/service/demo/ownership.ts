/**
 * The rule that keeps the demo from ever overwriting a user's change:
 *
 *   **The demo changes a row only while that row is exactly as the demo last wrote it.**
 *
 * Every time the demo writes a check or an alert channel (seeding, re-pointing), it records a fingerprint
 * of the row as stored — every field, `updated_at` included — in the `meta` table (`demo_rows`). A row
 * whose fingerprint no longer matches was changed through the API (any PUT sets `updated_at`), so it is the
 * user's from then on: the demo never writes it again, even if it points at an old demo address, and says
 * so once in the log. A deleted row is forgotten; it is never brought back.
 *
 * The demo rarely needs to write at all: its target keeps its ports (stored as `demo_target`, reused when
 * free; demo/target.ts), and its channels deliver through that target. Only when a stored port is taken by
 * something else does the target get a new one; then the rows the demo still owns that point at the OLD
 * address are re-pointed (with a new `updated_at`), and nothing else is touched.
 *
 * Data dirs seeded before this rule existed have no fingerprints: a demo row counts as the demo's then only
 * if it was never updated through the API (`updated_at` equals `created_at`; the earlier re-pointing kept
 * `updated_at`).
 */

import { createHash } from "node:crypto";
import { isObject, objectIn } from "../../shared/json.ts";
import { type CheckDef, checkDoc, checkOf } from "../engine/checks.ts";
import type { ChannelRow } from "../repo/alert-channels.ts";
import type { Repo } from "../repo/store.ts";
import { isoMs } from "../repo/util.ts";
import { DEMO_RECEIVER_PATH } from "./receiver-path.ts";

/** Where the demo target listens: its base URL (`http://127.0.0.1:PORT`) and TCP echo port. */
export type DemoTargetInfo = { url: string; tcpPort: number };

type Rows = { checks: Record<string, string>; channels: Record<string, string> };

const ROWS_KEY = "demo_rows";
const TARGET_KEY = "demo_target";
/** Any loopback origin: what an earlier version's demo rows may hold (legacy adoption only). */
const ANY_LOOPBACK = /http:\/\/127\.0\.0\.1:\d+/g;
const RECEIVER = new RegExp(`^http://127\\.0\\.0\\.1:\\d+(?=${DEMO_RECEIVER_PATH}/)`);

const hash = (v: unknown) => createHash("sha256").update(JSON.stringify(v)).digest("hex");

/** A check's fingerprint: of its document as stored and shown. */
export function checkFingerprint(check: CheckDef): string {
  return hash(checkDoc(check));
}

export function channelFingerprint(ch: ChannelRow & { subscriptions?: unknown }): string {
  // subscriptions live in their own table and change with checks; the channel row is the rest (read
  // without them: getChannelRow)
  const { subscriptions: _s, ...row } = ch;
  return hash(row);
}

/** The demo target's address the data dir remembers (undefined before the first start of this version). */
export function storedTarget(repo: Repo): DemoTargetInfo | undefined {
  try {
    const v: unknown = JSON.parse(repo.getMeta(TARGET_KEY) ?? "null");
    if (isObject(v) && typeof v.url === "string" && typeof v.tcpPort === "number")
      return { url: v.url, tcpPort: v.tcpPort };
  } catch {
    // unreadable: as if none was stored
  }
  return undefined;
}

export function storeTarget(repo: Repo, target: DemoTargetInfo): void {
  repo.setMeta(TARGET_KEY, JSON.stringify(target));
}

/** Stored fingerprints by id (an entry that is not text is left out: the row is not the demo's then). */
function fingerprints(v: unknown): Record<string, string> {
  if (!isObject(v)) return {};
  return Object.fromEntries(Object.entries(v).filter((e): e is [string, string] => typeof e[1] === "string"));
}

function readRows(repo: Repo): Rows | undefined {
  const raw = repo.getMeta(ROWS_KEY);
  if (raw === undefined) return undefined;
  try {
    const v: unknown = JSON.parse(raw);
    if (!isObject(v)) return { checks: {}, channels: {} };
    return { checks: fingerprints(v.checks), channels: fingerprints(v.channels) };
  } catch {
    return { checks: {}, channels: {} }; // unreadable: the demo owns nothing (the safe side)
  }
}

function writeRows(repo: Repo, rows: Rows): void {
  repo.setMeta(ROWS_KEY, JSON.stringify(rows));
}

/** Records the rows the demo just wrote (seeding) as the demo's own. */
export function recordDemoRows(repo: Repo, ids: { checks: string[]; channels: number[] }): void {
  const rows = readRows(repo) ?? { checks: {}, channels: {} };
  for (const id of ids.checks) {
    const check = repo.getCheck(id);
    if (check) rows.checks[id] = checkFingerprint(check);
  }
  for (const id of ids.channels) {
    const ch = repo.getChannelRow(id);
    if (ch) rows.channels[String(id)] = channelFingerprint(ch);
  }
  writeRows(repo, rows);
}

/** Rows of a data dir seeded by an earlier version: the demo's if never updated through the API. */
function adoptLegacy(repo: Repo): Rows {
  const rows: Rows = { checks: {}, channels: {} };
  for (const check of repo.listChecks())
    if (check.doc.isDemo === true && check.updatedAt === check.createdAt)
      rows.checks[check.id] = checkFingerprint(check);
  for (const ch of repo.listChannelRows())
    if (typeof ch.config.url === "string" && RECEIVER.test(ch.config.url) && ch.updated_at === ch.created_at)
      rows.channels[String(ch.id)] = channelFingerprint(ch);
  return rows;
}

export type Reconciled = {
  /** Names of the rows the demo re-pointed at the current target. */
  repointed: string[];
  /** Names of the rows the user changed that still point at the previous demo address: left as they are. */
  leftAlone: string[];
};

/**
 * Brings the rows the demo still owns to the current target address (see the rule above) and remembers
 * the address. `previous` is the address the rows were last pointed at (undefined: an earlier version's
 * data dir, whose demo rows may hold any loopback port). Runs in the caller's transaction.
 */
export function reconcileDemoRows(
  repo: Repo,
  opts: { previous: DemoTargetInfo | undefined; current: DemoTargetInfo; now: number },
): Reconciled {
  const { previous, current } = opts;
  const rows = readRows(repo) ?? adoptLegacy(repo);
  const out: Reconciled = { repointed: [], leftAlone: [] };
  const moved = !previous || previous.url !== current.url || previous.tcpPort !== current.tcpPort;
  const at = isoMs(opts.now);

  for (const [id, fingerprint] of Object.entries(rows.checks)) {
    const check = repo.getCheck(id);
    if (!check || checkFingerprint(check) !== fingerprint) {
      delete rows.checks[id]; // deleted, or the user's now
      continue;
    }
    if (!moved) continue;
    const json = JSON.stringify(checkDoc(check));
    const parsed: unknown = JSON.parse(
      previous ? json.replaceAll(previous.url, current.url) : json.replace(ANY_LOOPBACK, current.url),
    );
    if (!isObject(parsed)) continue;
    const next = checkOf(parsed, {
      id: check.id,
      checkType: check.checkType,
      createdAt: check.createdAt,
      updatedAt: check.updatedAt,
    });
    const request = objectIn(next.doc, "request");
    if (next.checkType === "TCP" && request && (!previous || request.port === previous.tcpPort))
      request.port = current.tcpPort;
    if (JSON.stringify(checkDoc(next)) === json) continue;
    const written = { ...next, updatedAt: at };
    repo.updateCheck(written);
    rows.checks[id] = checkFingerprint(repo.getCheck(id) ?? written);
    out.repointed.push(check.name);
  }

  for (const [id, fingerprint] of Object.entries(rows.channels)) {
    const ch = repo.getChannelRow(Number(id));
    if (!ch || channelFingerprint(ch) !== fingerprint) {
      delete rows.channels[id]; // deleted, or the user's now
      continue;
    }
    // the receiver through the target (an earlier version pointed these at the service itself)
    const url = typeof ch.config.url === "string" ? ch.config.url : undefined;
    const next = url?.replace(RECEIVER, current.url);
    if (!url || !next || next === url) continue;
    repo.setChannelUrl(ch.id, next, at);
    const after = repo.getChannelRow(ch.id);
    if (after) rows.channels[id] = channelFingerprint(after);
    out.repointed.push(`alert channel ${id}`);
  }

  if (moved && previous) {
    // what still points at the old address is the user's: named once (at the next start it is not "old")
    for (const check of repo.listChecks()) {
      const request = objectIn(check.doc, "request");
      const tcp =
        check.checkType === "TCP" && request?.hostname === "127.0.0.1" && request.port === previous.tcpPort;
      if (!rows.checks[check.id] && (JSON.stringify(checkDoc(check)).includes(previous.url) || tcp))
        out.leftAlone.push(check.name);
    }
    for (const ch of repo.listChannelRows())
      if (!rows.channels[String(ch.id)] && JSON.stringify(ch.config).includes(previous.url))
        out.leftAlone.push(`alert channel ${ch.id}`);
  }
  writeRows(repo, rows);
  storeTarget(repo, current);
  return out;
}
