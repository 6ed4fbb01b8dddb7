/**
 * Account environment variables in the `environment_variables` table, and the user-defined template
 * variables they provide: every non-secret variable, over the ones given to the service (option or
 * VIGIL_WEBHOOK_VARIABLES). Secret values never reach a template or a read.
 */
import type { DatabaseSync } from "node:sqlite";
import { flag, type Row, text, textOrNull } from "./rows.ts";

export type StoredVariable = { key: string; value: string | null; locked: boolean; secret: boolean };

const view = (r: Row): StoredVariable => ({
  key: text(r, "key"),
  value: flag(r, "secret") ? null : textOrNull(r, "value"),
  locked: flag(r, "locked"),
  secret: flag(r, "secret"),
});

export function listVariables(db: DatabaseSync): StoredVariable[] {
  return db.prepare("SELECT * FROM environment_variables ORDER BY key").all().map(view);
}

export function getVariable(db: DatabaseSync, key: string): StoredVariable | undefined {
  const r = db.prepare("SELECT * FROM environment_variables WHERE key = ?").get(key);
  return r ? view(r) : undefined;
}

/** Creates or replaces a variable; `value: undefined` keeps the stored value (a secret read back as null). */
export function putVariable(
  db: DatabaseSync,
  v: { key: string; value: string | undefined; locked: boolean; secret: boolean },
  nowIso: string,
): void {
  db.prepare(
    `INSERT INTO environment_variables (key, value, locked, secret, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (key) DO UPDATE SET value = coalesce(?, value), locked = excluded.locked,
       secret = excluded.secret, updated_at = excluded.updated_at`,
  ).run(v.key, v.value ?? "", +v.locked, +v.secret, nowIso, nowIso, v.value ?? null);
}

export function deleteVariable(db: DatabaseSync, key: string): boolean {
  return Number(db.prepare("DELETE FROM environment_variables WHERE key = ?").run(key).changes) > 0;
}

/** The user-defined variables a template sees: stored non-secret variables over `base`. */
export function templateVariables(db: DatabaseSync, base: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const r of db.prepare("SELECT key, value FROM environment_variables WHERE secret = 0").all())
    out[text(r, "key")] = textOrNull(r, "value");
  return out;
}
