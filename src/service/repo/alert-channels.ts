/**
 * Alert channels (integer ids) and their subscriptions (one row per check or group subscribed).
 * Dates go out as ISO 8601 with second precision and Z (seed §2 conventions).
 */
import type { DatabaseSync } from "node:sqlite";
import { flag, jsonObject, num, numOrNull, present, text, textOrNull } from "./rows.ts";
import { cached } from "./statements.ts";
import { isoSeconds, type Row } from "./util.ts";

export type Subscription = { id: number; checkId: string | null; groupId: number | null; activated: boolean };

export type AlertChannel = {
  id: number;
  type: string;
  config: Record<string, unknown>;
  subscriptions: Subscription[];
  sendRecovery: boolean;
  sendFailure: boolean;
  sendDegraded: boolean;
  sslExpiry: boolean;
  sslExpiryThreshold: number;
  autoSubscribe: boolean;
  created_at: string | null;
  updated_at: string | null;
};

export type ChannelInput = Omit<AlertChannel, "id" | "subscriptions" | "created_at" | "updated_at">;

/**
 * A channel's own row, without its subscriptions — what the demo's fingerprints are of (demo/ownership.ts):
 * an auto-subscribed channel has one subscription per check, 10,000 rows read and dropped at 10,000 checks.
 */
export type ChannelRow = Omit<AlertChannel, "subscriptions">;

const subFromRow = (r: Row): Subscription => ({
  id: num(r, "id"),
  checkId: textOrNull(r, "check_id"),
  groupId: numOrNull(r, "group_id"),
  activated: flag(r, "activated"),
});

function subscriptionsOf(db: DatabaseSync, channelId: number): Subscription[] {
  return db
    .prepare("SELECT * FROM alert_subscriptions WHERE channel_id = ? ORDER BY id")
    .all(channelId)
    .map(subFromRow);
}

function fromRow(db: DatabaseSync, r: Row): AlertChannel {
  // the members in the order the API shows them: the subscriptions after the config
  const { id, type, config, ...rest } = channelRowOf(r);
  return { id, type, config, subscriptions: subscriptionsOf(db, id), ...rest };
}

function channelRowOf(r: Row): ChannelRow {
  return {
    id: num(r, "id"),
    type: text(r, "type"),
    config: jsonObject(r, "config"),
    sendRecovery: flag(r, "send_recovery"),
    sendFailure: flag(r, "send_failure"),
    sendDegraded: flag(r, "send_degraded"),
    sslExpiry: flag(r, "ssl_expiry"),
    sslExpiryThreshold: num(r, "ssl_expiry_threshold"),
    autoSubscribe: flag(r, "auto_subscribe"),
    created_at: isoSeconds(textOrNull(r, "created_at")),
    updated_at: isoSeconds(textOrNull(r, "updated_at")),
  };
}

export function listChannels(db: DatabaseSync, limit = -1, offset = 0): AlertChannel[] {
  return db
    .prepare("SELECT * FROM alert_channels ORDER BY id LIMIT ? OFFSET ?")
    .all(limit, offset)
    .map((r) => fromRow(db, r));
}

/**
 * The list's version (migration 010): the database bumps it on every write to the channels or their
 * subscriptions, so two reads that find it equal would build the same answer.
 */
export function channelsVersion(db: DatabaseSync): number | undefined {
  const r = cached(db, "SELECT version FROM alert_channels_version").get();
  return r ? num(r, "version") : undefined;
}

/** Whether a channel asks for SSL expiry alerts: one row, not every channel with its subscriptions. */
export function anySslExpiryChannel(db: DatabaseSync): boolean {
  return cached(db, "SELECT 1 FROM alert_channels WHERE ssl_expiry = 1 LIMIT 1").get() !== undefined;
}

export function countChannels(db: DatabaseSync): number {
  const r = db.prepare("SELECT COUNT(*) AS n FROM alert_channels").get();
  return r ? num(r, "n") : 0;
}

export function getChannel(db: DatabaseSync, id: number): AlertChannel | undefined {
  const r = db.prepare("SELECT * FROM alert_channels WHERE id = ?").get(id);
  return r ? fromRow(db, r) : undefined;
}

/** A channel's row without its subscriptions (ChannelRow). */
export function getChannelRow(db: DatabaseSync, id: number): ChannelRow | undefined {
  const r = cached(db, "SELECT * FROM alert_channels WHERE id = ?").get(id);
  return r ? channelRowOf(r) : undefined;
}

/** Every channel's row, by id, without their subscriptions (ChannelRow). */
export function listChannelRows(db: DatabaseSync): ChannelRow[] {
  return db.prepare("SELECT * FROM alert_channels ORDER BY id").all().map(channelRowOf);
}

export function insertChannel(db: DatabaseSync, c: ChannelInput, nowIso: string): number {
  const r = db
    .prepare(
      `INSERT INTO alert_channels (type, config, send_recovery, send_failure, send_degraded, ssl_expiry,
         ssl_expiry_threshold, auto_subscribe, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      c.type,
      JSON.stringify(c.config),
      +c.sendRecovery,
      +c.sendFailure,
      +c.sendDegraded,
      +c.sslExpiry,
      c.sslExpiryThreshold,
      +c.autoSubscribe,
      nowIso,
      nowIso,
    );
  return Number(r.lastInsertRowid);
}

export function updateChannel(db: DatabaseSync, id: number, c: ChannelInput, nowIso: string): void {
  db.prepare(
    `UPDATE alert_channels SET type = ?, config = ?, send_recovery = ?, send_failure = ?, send_degraded = ?,
       ssl_expiry = ?, ssl_expiry_threshold = ?, auto_subscribe = ?, updated_at = ? WHERE id = ?`,
  ).run(
    c.type,
    JSON.stringify(c.config),
    +c.sendRecovery,
    +c.sendFailure,
    +c.sendDegraded,
    +c.sslExpiry,
    c.sslExpiryThreshold,
    +c.autoSubscribe,
    nowIso,
    id,
  );
}

export function deleteChannel(db: DatabaseSync, id: number): boolean {
  return Number(db.prepare("DELETE FROM alert_channels WHERE id = ?").run(id).changes) > 0;
}

/** Creates or updates the subscription of one check or group to a channel; returns the stored entry. */
export function upsertSubscription(
  db: DatabaseSync,
  channelId: number,
  target: { checkId: string } | { groupId: number },
  activated: boolean,
): Subscription {
  const [col, val] =
    "checkId" in target ? (["check_id", target.checkId] as const) : (["group_id", target.groupId] as const);
  const existing = db
    .prepare(`SELECT * FROM alert_subscriptions WHERE channel_id = ? AND ${col} = ?`)
    .get(channelId, val);
  if (existing) {
    db.prepare("UPDATE alert_subscriptions SET activated = ? WHERE id = ?").run(
      +activated,
      Number(existing.id),
    );
    return { ...subFromRow(existing), activated };
  }
  const r = db
    .prepare(`INSERT INTO alert_subscriptions (channel_id, ${col}, activated) VALUES (?, ?, ?)`)
    .run(channelId, val, +activated);
  return subFromRow(
    present(
      db.prepare("SELECT * FROM alert_subscriptions WHERE id = ?").get(Number(r.lastInsertRowid)),
      "the subscription just stored",
    ),
  );
}

/** Replaces a channel's whole subscription list (channel create/update bodies carry it). */
export function replaceSubscriptions(
  db: DatabaseSync,
  channelId: number,
  subs: { checkId?: string | null; groupId?: number | null; activated: boolean }[],
): void {
  // Rows that stay keep their ids (a channel sent back as read changes nothing).
  const keep = new Set<number>();
  for (const s of subs) {
    if (s.checkId) keep.add(upsertSubscription(db, channelId, { checkId: s.checkId }, s.activated).id);
    else if (s.groupId !== null && s.groupId !== undefined)
      keep.add(upsertSubscription(db, channelId, { groupId: s.groupId }, s.activated).id);
  }
  const all = db
    .prepare("SELECT id FROM alert_subscriptions WHERE channel_id = ?")
    .all(channelId)
    .map((r) => num(r, "id"));
  const drop = db.prepare("DELETE FROM alert_subscriptions WHERE id = ?");
  for (const id of all) if (!keep.has(id)) drop.run(id);
}

/** `alertChannelSubscriptions` of a check as the check read shows it. */
export function subscriptionsOfCheck(
  db: DatabaseSync,
  checkId: string,
): { alertChannelId: number; activated: boolean }[] {
  return (
    // prepared once: the checks list asks this for every check of every page
    cached(db, "SELECT channel_id, activated FROM alert_subscriptions WHERE check_id = ? ORDER BY channel_id")
      .all(checkId)
      .map((r) => ({ alertChannelId: Number(r.channel_id), activated: r.activated === 1 }))
  );
}

export function channelIds(db: DatabaseSync, onlyAutoSubscribe: boolean): number[] {
  const sql = onlyAutoSubscribe
    ? "SELECT id FROM alert_channels WHERE auto_subscribe = 1 ORDER BY id"
    : "SELECT id FROM alert_channels ORDER BY id";
  return db
    .prepare(sql)
    .all()
    .map((r) => Number(r.id));
}

/** Drops every subscription of a check (before its new list is written). */
export function deleteCheckSubscriptions(db: DatabaseSync, checkId: string): void {
  db.prepare("DELETE FROM alert_subscriptions WHERE check_id = ?").run(checkId);
}

export function touchChannel(db: DatabaseSync, id: number, nowIso: string): void {
  db.prepare("UPDATE alert_channels SET updated_at = ? WHERE id = ?").run(nowIso, id);
}

/** The webhook secrets of the channels whose URL ends with `urlSuffix` (the demo's own receiver). */
export function webhookSecretsByUrlSuffix(db: DatabaseSync, urlSuffix: string): string[] {
  return db
    .prepare(
      "SELECT json_extract(config, '$.webhookSecret') AS s FROM alert_channels WHERE json_extract(config, '$.url') LIKE ?",
    )
    .all(`%${urlSuffix}`)
    .map((r) => r.s)
    .filter((s): s is string => typeof s === "string" && s !== "");
}

/** Points a channel at another URL (the demo re-pointing a channel it owns; demo/ownership.ts). */
export function setChannelUrl(db: DatabaseSync, id: number, url: string, nowIso: string): void {
  db.prepare(
    "UPDATE alert_channels SET config = json_set(config, '$.url', ?), updated_at = ? WHERE id = ?",
  ).run(url, nowIso, id);
}
