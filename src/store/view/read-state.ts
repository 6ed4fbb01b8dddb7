/**
 * What a section not read yet says of itself — one rule for every pane's header and the overview's
 * sections (the checks pane's 'checks: not read' / 'reading…' first had it): "reading…" only while a
 * read may be under way; "not read" once its read failed (the slice's error) or while the service does
 * not answer ("offline": the planner runs nothing but its probe, so no read is under way; "refused": the
 * key is refused, no read can succeed). The error itself is one glance away: the status line names it.
 * A section that says "not read" claims no count ("0 open" would read as "none open").
 */
import type { Connection } from "../data/types.ts";

export type Unread = "reading…" | "not read";

/** Undefined once the slice is read (`loadedAt`), else what the section says instead of its count. */
export function unreadWord(
  slice: { loadedAt: number | undefined; error?: string | undefined },
  connection: Connection,
): Unread | undefined {
  if (slice.loadedAt !== undefined) return undefined;
  return slice.error !== undefined || connection === "offline" || connection === "refused"
    ? "not read"
    : "reading…";
}
