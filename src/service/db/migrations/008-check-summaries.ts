/**
 * A check's summary, kept beside its document: `checks.summary` holds, as JSON, the members of the
 * document (`doc`) that vigil's wide pages of the checks list are asked for (`fields`) and that have no
 * column of their own — SUMMARY_MEMBERS, each as the document holds it, absent when the document lacks
 * it. GET /v1/checks?fields=… then reads the columns and this short text instead of parsing every
 * check's whole document (~13 ms per 1,000 checks; repo/checks.ts listCheckMembers).
 *
 * The database keeps it, not the code: triggers set it whenever a check is inserted or its document
 * written — by this version, or by an older one opened on the same file — so it never lags the document.
 * A document that is not a JSON object (a damaged row) has no summary (NULL): its check is read whole,
 * as before, and reported as it was. Existing rows get theirs here; no other column is touched.
 */
import type { Migration } from "./index.ts";

/** The document members the summary holds (fixed here: another set is another migration). */
export const SUMMARY_MEMBERS = [
  "privateLocations",
  "degradedResponseTime",
  "maxResponseTime",
  "heartbeat",
] as const;

/** The summary of the document `doc` (an SQL expression): those members as it holds them, NULL if it is no object. */
function summaryOf(doc: string): string {
  const members = SUMMARY_MEMBERS.map((m) => `'${m}'`).join(", ");
  return `CASE WHEN json_valid(${doc}) AND json_type(${doc}) = 'object' THEN
    (SELECT json_group_object(key, json(${doc} -> fullkey)) FROM json_each(${doc}) WHERE key IN (${members}))
  END`;
}

export const migration: Migration = {
  version: 8,
  name: "check-summaries",
  up(db) {
    db.exec(`
      ALTER TABLE checks ADD COLUMN summary TEXT;
      UPDATE checks SET summary = ${summaryOf("doc")};
      CREATE TRIGGER checks_summary_insert AFTER INSERT ON checks BEGIN
        UPDATE checks SET summary = ${summaryOf("NEW.doc")} WHERE rowid = NEW.rowid;
      END;
      CREATE TRIGGER checks_summary_update AFTER UPDATE OF doc ON checks BEGIN
        UPDATE checks SET summary = ${summaryOf("NEW.doc")} WHERE rowid = NEW.rowid;
      END;
    `);
  },
};
