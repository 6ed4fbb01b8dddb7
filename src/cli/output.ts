/**
 * CLI output: `--json` prints the API's JSON (the parsed response re-serialised with 2-space indentation),
 * raw text but with secrets masked unless `--show-secrets` (a script must ask for secrets explicitly);
 * otherwise aligned tables and key/value detail views. Every cell, label and message that may hold server
 * or user text goes through the terminal sanitiser, including `secret()`, the one write that shows a
 * secret (a freshly created private-location key, once).
 *
 * No colours: the output is meant for pipes and scrollback as much as for a terminal. When stdout is a
 * terminal, wide tables are narrowed to its width by shrinking the widest columns; elsewhere each column
 * but the last is capped at MAX_CELL cells (the last one, often a message, is shown whole).
 */
import { maskSecrets } from "../contract/secrets.ts";
import { displayWidth, fitWidth, padEnd } from "../shared/format.ts";
import { sanitizeBlock, sanitizeLine } from "../shared/sanitize.ts";

export type Column<T> = {
  header: string;
  get: (row: T) => unknown;
  align?: "left" | "right";
  /** Never narrower than this when fitting a terminal (default 4). */
  min?: number;
  /**
   * Never cut when fitting a terminal: the other columns give way. Default: a column headed `ID` or
   * `… ID` — an id is what is pasted into the next command, and a cut one is useless.
   */
  whole?: boolean;
};

/** Whether the column is never cut (Column.whole, an id column by default). */
const isWhole = (c: Column<never>): boolean => c.whole ?? /(^|\s)ID$/.test(c.header);

export type Writable = { write(chunk: string): unknown; isTTY?: boolean; columns?: number };

const MAX_CELL = 80;
const GAP = "  ";

/** A cell's text: sanitised, single line; null/undefined/"" become "—"; arrays are comma-joined. */
export function cellText(v: unknown): string {
  if (v === null || v === undefined || v === "") return "—";
  if (Array.isArray(v)) return v.length === 0 ? "—" : sanitizeLine(v.map((x) => cellText(x)).join(", "), " ");
  if (typeof v === "boolean") return v ? "yes" : "no";
  return sanitizeLine(v, " ");
}

/** Lay out rows as text lines (header first). Pure; exported for tests and reuse. */
export function renderTable<T>(
  rows: readonly T[],
  columns: readonly Column<T>[],
  maxWidth?: number,
): string[] {
  const cells = rows.map((r) => columns.map((c) => cellText(c.get(r))));
  // Every column but the last is capped at MAX_CELL; the last one only by the terminal width, if any.
  const widths = columns.map((c, i) =>
    Math.min(
      i === columns.length - 1 ? Number.POSITIVE_INFINITY : MAX_CELL,
      Math.max(displayWidth(c.header), ...cells.map((row) => displayWidth(row[i] ?? ""))),
    ),
  );
  if (maxWidth !== undefined) {
    const total = () => widths.reduce((a, b) => a + b, 0) + GAP.length * (widths.length - 1);
    while (total() > maxWidth) {
      let widest = -1;
      for (let i = 0; i < widths.length; i++) {
        const c = columns[i];
        const floor = c && isWhole(c as Column<never>) ? (widths[i] ?? 0) : Math.max(c?.min ?? 4, 1);
        if ((widths[i] ?? 0) > floor && (widest < 0 || (widths[i] ?? 0) > (widths[widest] ?? 0))) widest = i;
      }
      if (widest < 0) break;
      widths[widest] = (widths[widest] ?? 1) - 1;
    }
  }
  const line = (texts: string[]) =>
    texts
      .map((t, i) => {
        const w = widths[i] ?? 0;
        const last = i === texts.length - 1;
        const cell = fitWidth(t, w, columns[i]?.align ?? "left");
        return last && columns[i]?.align !== "right" ? cell.trimEnd() : cell;
      })
      .join(GAP);
  return [line(columns.map((c) => c.header)), ...cells.map(line)];
}

/** Key/value lines, keys aligned; values sanitised; multi-line values indented under their key. */
export function renderDetail(pairs: readonly (readonly [string, unknown])[]): string[] {
  const shown = pairs.filter(([, v]) => v !== undefined);
  const w = Math.max(0, ...shown.map(([k]) => displayWidth(k))) + 1;
  const out: string[] = [];
  for (const [k, v] of shown) {
    const label = padEnd(`${sanitizeLine(k)}:`, w);
    if (v === "") {
      out.push(label.trimEnd());
    } else if (typeof v === "string" && v.includes("\n")) {
      const lines = sanitizeBlock(v).split("\n");
      out.push(`${label}  ${lines[0] ?? ""}`, ...lines.slice(1).map((l) => `${" ".repeat(w)}  ${l}`));
    } else {
      out.push(`${label}  ${cellText(v)}`);
    }
  }
  return out;
}

export class Output {
  readonly json: boolean;
  readonly showSecrets: boolean;
  readonly #out: Writable;
  readonly #err: Writable;

  constructor(opts: { stdout: Writable; stderr: Writable; json: boolean; showSecrets?: boolean }) {
    this.showSecrets = opts.showSecrets ?? false;
    this.#out = opts.stdout;
    this.#err = opts.stderr;
    this.json = opts.json;
  }

  /**
   * The API's JSON, 2-space indented, secrets masked unless --show-secrets (or `keepSecrets`, for the one
   * answer whose point is the secret: a new private-location key). Returns undefined so a verb can
   * `return out.printJson(x)`.
   */
  printJson(value: unknown, opts: { keepSecrets?: boolean } = {}): undefined {
    const shown = this.showSecrets || opts.keepSecrets ? value : maskSecrets(value);
    this.#out.write(`${JSON.stringify(shown ?? null, null, 2)}\n`);
    return undefined;
  }

  table<T>(rows: readonly T[], columns: readonly Column<T>[]): void {
    const max = this.#out.isTTY && this.#out.columns ? this.#out.columns : undefined;
    this.#out.write(`${renderTable(rows, columns, max).join("\n")}\n`);
  }

  detail(pairs: readonly (readonly [string, unknown])[]): void {
    this.#out.write(`${renderDetail(pairs).join("\n")}\n`);
  }

  /** A titled sub-section (blank line, title, then whatever follows). */
  section(title: string): void {
    this.#out.write(`\n${sanitizeLine(title)}\n`);
  }

  /** An empty line on stdout. */
  blank(): void {
    this.#out.write("\n");
  }

  /** One sanitised line on stdout. */
  line(text: string): void {
    this.#out.write(`${sanitizeLine(text)}\n`);
  }

  /** One sanitised line on stderr (progress, notes, warnings). */
  note(text: string): void {
    this.#err.write(`${sanitizeLine(text)}\n`);
  }

  /** Whether stdout is a terminal. */
  get isTTY(): boolean {
    return this.#out.isTTY === true;
  }

  /**
   * Terminal escapes vigil built itself (an inline image, cli/inline-image.ts), written as they are: never
   * text from the API.
   */
  escapes(sequence: string): void {
    this.#out.write(sequence);
  }

  /** A secret shown exactly once, on stdout, unsanitised apart from control characters. */
  secret(value: string): void {
    this.#out.write(`${sanitizeLine(value)}\n`);
  }
}
