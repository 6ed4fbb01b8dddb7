/**
 * Storage of private-location agents and their job queue (tables of migration 005). The queue logic —
 * leases, lapses, waiting — is in src/service/agents/queue.ts; this is its SQL.
 */
import { createHash } from "node:crypto";
import type { DatabaseSync } from "node:sqlite";
import type { CheckRow } from "../engine/checks.ts";
import { checkRowOf } from "./checks.ts";
import { flag, num, numOrNull, oneOf, type Row, text, textOrNull } from "./rows.ts";
import { cached } from "./statements.ts";

export type AgentLocation = { id: string; slug: string; name: string; proxyUrl: string | null };

/** The location a raw key belongs to (checked by its SHA-256, as keys are stored), if any. */
export function locationByKey(db: DatabaseSync, rawKey: string): AgentLocation | undefined {
  const hash = createHash("sha256").update(rawKey).digest("hex");
  const r = db
    .prepare(
      `SELECT l.id, l.slug_name, l.name, l.proxy_url FROM private_location_keys k
       JOIN private_locations l ON l.id = k.location_id WHERE k.key_hash = ?`,
    )
    .get(hash);
  return r ? locationOf(r) : undefined;
}

const locationOf = (r: Row): AgentLocation => ({
  id: text(r, "id"),
  slug: text(r, "slug_name"),
  name: text(r, "name"),
  proxyUrl: textOrNull(r, "proxy_url"),
});

export function locationBySlug(db: DatabaseSync, slug: string): AgentLocation | undefined {
  const r = db
    .prepare("SELECT id, slug_name, name, proxy_url FROM private_locations WHERE slug_name = ?")
    .get(slug);
  return r ? locationOf(r) : undefined;
}

export type AgentContact = {
  id: string;
  locationId: string;
  version: string;
  hostname: string;
  concurrency: number;
  running: number;
};

/**
 * An agent made contact now (heartbeat or lease poll); false when it had already said goodbye. An agent's id
 * is made anew each time it starts (src/agent/agent.ts), so a contact after its goodbye is a request it sent
 * before it (a lease poll in flight when it stopped), read late: the agent stays gone.
 */
export function touchAgent(db: DatabaseSync, a: AgentContact, now: number): boolean {
  const r = db
    .prepare(
      `INSERT INTO agents (id, location_id, version, hostname, concurrency, running, first_seen, last_seen)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET version = excluded.version, hostname = excluded.hostname,
         concurrency = excluded.concurrency, running = excluded.running, last_seen = excluded.last_seen
       WHERE gone = 0`,
    )
    .run(a.id, a.locationId, a.version, a.hostname, a.concurrency, a.running, now, now);
  return Number(r.changes) > 0;
}

/** An agent said goodbye (clean stop): no longer counted as alive; its goodbye is its last contact. */
export function forgetAgent(db: DatabaseSync, agentId: string, locationId: string, now: number): void {
  db.prepare("UPDATE agents SET gone = 1, running = 0, last_seen = ? WHERE id = ? AND location_id = ?").run(
    now,
    agentId,
    locationId,
  );
}

export type LocationHealth = {
  agentCount: number;
  lastSeen: number | null;
  agents: { id: string; version: string; hostname: string; lastSeen: number; running: number }[];
};

/** Agents seen within `aliveMs`, and the last contact of any agent. */
export function locationHealth(
  db: DatabaseSync,
  locationId: string,
  now: number,
  aliveMs: number,
): LocationHealth {
  const rows = db
    .prepare(
      "SELECT id, version, hostname, last_seen, running, gone FROM agents WHERE location_id = ? ORDER BY last_seen DESC",
    )
    .all(locationId)
    .map((r) => ({
      id: text(r, "id"),
      version: text(r, "version"),
      hostname: text(r, "hostname"),
      lastSeen: num(r, "last_seen"),
      running: num(r, "running"),
      gone: flag(r, "gone"),
    }));
  const alive = rows.filter((r) => !r.gone && now - r.lastSeen <= aliveMs);
  return {
    agentCount: alive.length,
    lastSeen: rows[0]?.lastSeen ?? null,
    agents: alive.map(({ gone: _gone, ...a }) => a),
  };
}

/** Agents not seen for `olderThanMs` are forgotten (bounded table). */
export function pruneAgents(db: DatabaseSync, now: number, olderThanMs: number): void {
  cached(db, "DELETE FROM agents WHERE last_seen < ?").run(now - olderThanMs);
}

export function listLocationSlugs(db: DatabaseSync): { id: string; slug: string }[] {
  return db
    .prepare("SELECT id, slug_name AS slug FROM private_locations")
    .all()
    .map((r) => ({ id: text(r, "id"), slug: text(r, "slug") }));
}

/** Locations whose checks were alerted as having no agent (agents/monitor.ts). */
export function noAgentAlerts(db: DatabaseSync): Set<string> {
  return new Set(
    db
      .prepare("SELECT location_id FROM agent_alerts")
      .all()
      .map((r) => text(r, "location_id")),
  );
}

export function markNoAgentAlert(db: DatabaseSync, locationId: string, now: number): void {
  db.prepare("INSERT OR IGNORE INTO agent_alerts (location_id, alerted_at) VALUES (?, ?)").run(
    locationId,
    now,
  );
}

export function clearNoAgentAlert(db: DatabaseSync, locationId: string): void {
  db.prepare("DELETE FROM agent_alerts WHERE location_id = ?").run(locationId);
}

/** The stored row of a job's check, as handed to an agent. */
export function jobCheck(db: DatabaseSync, checkId: string): CheckRow | undefined {
  return checkRowOf(db, checkId);
}

export type JobRow = {
  id: string;
  location_id: string;
  session_id: string;
  check_id: string;
  timeout_ms: number;
  status: "QUEUED" | "LEASED" | "DONE" | "EXPIRED";
  lease_id: string | null;
  lease_agent: string | null;
  lease_until: number | null;
  handed: number;
  created_at: number;
  queued_at: number;
};

const jobOf = (r: Row): JobRow => ({
  id: text(r, "id"),
  location_id: text(r, "location_id"),
  session_id: text(r, "session_id"),
  check_id: text(r, "check_id"),
  timeout_ms: num(r, "timeout_ms"),
  status: oneOf(r, "status", ["QUEUED", "LEASED", "DONE", "EXPIRED"]),
  lease_id: textOrNull(r, "lease_id"),
  lease_agent: textOrNull(r, "lease_agent"),
  lease_until: numOrNull(r, "lease_until"),
  handed: num(r, "handed"),
  created_at: num(r, "created_at"),
  queued_at: num(r, "queued_at"),
});

export function insertJob(
  db: DatabaseSync,
  j: { id: string; locationId: string; sessionId: string; checkId: string; timeoutMs: number },
  now: number,
): void {
  db.prepare(
    "INSERT INTO agent_jobs (id, location_id, session_id, check_id, timeout_ms, status, created_at, queued_at) VALUES (?, ?, ?, ?, ?, 'QUEUED', ?, ?)",
  ).run(j.id, j.locationId, j.sessionId, j.checkId, j.timeoutMs, now, now);
}

/** Up to `max` queued jobs of a location, oldest first. */
export function queuedJobs(db: DatabaseSync, locationId: string, max: number): JobRow[] {
  return db
    .prepare(
      "SELECT * FROM agent_jobs WHERE location_id = ? AND status = 'QUEUED' ORDER BY queued_at LIMIT ?",
    )
    .all(locationId, max)
    .map(jobOf);
}

/** Leases a queued job to an agent; false when someone else took it first. */
export function leaseJob(
  db: DatabaseSync,
  jobId: string,
  leaseId: string,
  agentId: string,
  until: number,
): boolean {
  return (
    Number(
      db
        .prepare(
          "UPDATE agent_jobs SET status = 'LEASED', lease_id = ?, lease_agent = ?, lease_until = ?, handed = handed + 1 WHERE id = ? AND status = 'QUEUED'",
        )
        .run(leaseId, agentId, until, jobId).changes,
    ) > 0
  );
}

export function getJob(db: DatabaseSync, jobId: string): JobRow | undefined {
  const r = db.prepare("SELECT * FROM agent_jobs WHERE id = ?").get(jobId);
  return r ? jobOf(r) : undefined;
}

/** Completes a job under its current lease; false when the lease is not (or no longer) the job's. */
export function completeJob(db: DatabaseSync, jobId: string, leaseId: string, now: number): boolean {
  return (
    Number(
      db
        .prepare(
          "UPDATE agent_jobs SET status = 'DONE', done_at = ? WHERE id = ? AND status = 'LEASED' AND lease_id = ?",
        )
        .run(now, jobId, leaseId).changes,
    ) > 0
  );
}

/** Leases that lapsed: the jobs (the queue puts them back, or gives up on one handed out too often). */
export function lapsedJobs(db: DatabaseSync, now: number): JobRow[] {
  return cached(db, "SELECT * FROM agent_jobs WHERE status = 'LEASED' AND lease_until < ?")
    .all(now)
    .map(jobOf);
}

/** A lapsed lease's job goes back to the queue (queued from now). */
export function requeueJob(db: DatabaseSync, jobId: string, leaseId: string, now: number): boolean {
  return (
    Number(
      db
        .prepare(
          "UPDATE agent_jobs SET status = 'QUEUED', lease_id = NULL, lease_agent = NULL, lease_until = NULL, queued_at = ? WHERE id = ? AND status = 'LEASED' AND lease_id = ?",
        )
        .run(now, jobId, leaseId).changes,
    ) > 0
  );
}

/** A job given up on (lapsed too often, aborted): expired. */
export function expireJob(db: DatabaseSync, jobId: string, now: number): boolean {
  return (
    Number(
      db
        .prepare(
          "UPDATE agent_jobs SET status = 'EXPIRED', done_at = ? WHERE id = ? AND status IN ('QUEUED', 'LEASED')",
        )
        .run(now, jobId).changes,
    ) > 0
  );
}

/** Queued jobs nobody took within `waitMs`: expired (their runs report that no agent took them). */
export function expireUnclaimed(db: DatabaseSync, now: number, waitMs: number): string[] {
  const rows = db
    .prepare("SELECT id FROM agent_jobs WHERE status = 'QUEUED' AND queued_at < ?")
    .all(now - waitMs)
    .map((r) => text(r, "id"));
  const stmt = db.prepare(
    "UPDATE agent_jobs SET status = 'EXPIRED', done_at = ? WHERE id = ? AND status = 'QUEUED'",
  );
  return rows.filter((id) => Number(stmt.run(now, id).changes) > 0);
}

/** Jobs a previous process left open can never be answered: expire them. */
export function expireOpenJobs(db: DatabaseSync, now: number): void {
  db.prepare(
    "UPDATE agent_jobs SET status = 'EXPIRED', done_at = ? WHERE status IN ('QUEUED', 'LEASED')",
  ).run(now);
}
