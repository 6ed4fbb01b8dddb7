/**
 * Fetching lists the same way in every command. Without paging flags a command fetches every page; with
 * `--limit`/`--page` (page lists) or `--limit`/`--next-id` (cursor lists) it fetches exactly one page.
 * Either way `--json` prints one JSON array of the entries — one shape per verb, so a script written
 * against one page reads every page — and the next page's cursor, if any, goes to stderr
 * (`more: add --next-id X`).
 */
import type { Cursor } from "../../api/pagination.ts";
import type { CommandContext } from "../command.ts";

export type Fetched<T> = { rows: T[]; nextId?: string | null | undefined };

export async function fetchCursorList<T>(
  ctx: CommandContext,
  api: { list(q: { limit?: number; nextId?: string }): Promise<Cursor<T>>; listAll(): Promise<T[]> },
): Promise<Fetched<T>> {
  const limit = ctx.args.int("limit", { min: 1, max: 100 });
  const nextId = ctx.args.string("next-id");
  if (limit === undefined && nextId === undefined) {
    const rows = await api.listAll();
    return { rows };
  }
  const page = await api.list({
    ...(limit !== undefined ? { limit } : {}),
    ...(nextId !== undefined ? { nextId } : {}),
  });
  return { rows: page.entries, nextId: page.nextId };
}

/** Print a fetched list: one JSON array or the table, plus a hint for the next page on stderr. */
export function printList<T>(ctx: CommandContext, f: Fetched<T>, table: (rows: T[]) => void): void {
  if (ctx.out.json) ctx.out.printJson(f.rows);
  else table(f.rows);
  if (f.nextId) ctx.out.note(`more: add --next-id ${f.nextId}`);
}
