/**
 * Drafts on disk: what the engineer typed into an incident / update form, kept until the server
 * acknowledged it, so that nothing typed is lost when the network, the service or the console dies.
 *
 * Layout (choices the brief leaves open):
 * - one JSON file per draft, `<dataDir>/drafts/<id>.json`; the directory is 0700, every file 0600;
 * - every write is atomic: the JSON goes to a temp file in the same directory (0600, fsynced when the
 *   draft is about to be sent) which is then renamed over the draft — a crash leaves the old or the new
 *   version, never half of one; stray temp files are ignored and swept on load;
 * - a draft carries the `scope` (base URL + account) it was written against: a console connected to
 *   another service does not offer it;
 * - a draft that was sent and whose outcome is unknown (timeout, connection cut) carries `sent`: the
 *   client-generated `publicIncidentUpdateDate` and the description that went out, so the next attempt
 *   first re-reads the incident and only re-sends when no update carries both.
 * An unreadable file (not JSON, not a draft, a read error) is never deleted nor written over — a human may
 * want it, and it may carry the `sent` marker that keeps a re-send from posting twice: `list` skips it and
 * names it (`unreadable()`), `get` throws `DraftUnreadableError` (only a missing file is "no draft").
 */
import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from "node:fs";
import { join } from "node:path";
import { errorCode, errorMessage } from "../../shared/errors.ts";
import type { DraftKind } from "./kinds/index.ts";

export type DraftValue = string | boolean | readonly string[] | readonly DraftCard[];
export type DraftCard = { id: string | undefined; name: string; services: readonly string[] };
export type DraftValues = Readonly<Record<string, DraftValue>>;

export type Draft = {
  id: string;
  kind: DraftKind;
  scope: string;
  /** What the draft belongs to (incident, update, page id). */
  target: { incidentId?: string; updateId?: string; pageId?: string; label?: string };
  values: DraftValues;
  createdAt: number;
  savedAt: number;
  /** Set just before a create request leaves; cleared when the server answered "not created". */
  sent?: { publicIncidentUpdateDate: string; description: string; name?: string; at: number } | undefined;
  /** The values the form opened with (FormState.base: what the engineer's changes are measured against). */
  base?: DraftValues | undefined;
  /** The last failure, for the offer after a restart. */
  lastError?: string | undefined;
};

export type DraftStore = {
  readonly dir: string | undefined;
  list(scope?: string): Draft[];
  /** The draft, undefined when there is none; throws `DraftUnreadableError` when its file cannot be read. */
  get(id: string): Draft | undefined;
  /** Write (create or replace); `durable` fsyncs the file before the rename. */
  save(draft: Draft, durable?: boolean): void;
  remove(id: string): void;
  /** Draft files the last `list` could not read (kept on disk, never deleted): their paths. */
  unreadable(): string[];
};

const ID = /^[A-Za-z0-9-]{1,64}$/;

/** A draft file that exists but cannot be read; it is kept on disk as it is. */
export class DraftUnreadableError extends Error {
  override name = "DraftUnreadableError";
  readonly path: string;
  constructor(path: string, reason: string) {
    super(`the draft ${path} cannot be read (${reason}); it is kept as it is, not replaced`);
    this.path = path;
  }
}

function isDraft(v: unknown): v is Draft {
  const d = v as Draft;
  return (
    typeof d === "object" &&
    d !== null &&
    typeof d.id === "string" &&
    ID.test(d.id) &&
    typeof d.kind === "string" &&
    typeof d.scope === "string" &&
    typeof d.values === "object" &&
    d.values !== null &&
    typeof d.target === "object"
  );
}

/** Write `text` to `path` atomically (temp file in the same directory + rename), mode 0600. */
export function writeAtomic(path: string, text: string, durable = false): void {
  const tmp = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  const fd = openSync(tmp, "w", 0o600);
  try {
    writeSync(fd, text);
    if (durable) fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    renameSync(tmp, path);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
}

/** Drafts in `<dataDir>/drafts`. */
export function createDraftStore(dataDir: string): DraftStore {
  const dir = join(dataDir, "drafts");
  const ensure = () => mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = (id: string) => {
    if (!ID.test(id)) throw new Error("invalid draft id");
    return join(dir, `${id}.json`);
  };

  let skipped: string[] = [];
  function readAll(): Draft[] {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch (e) {
      if (errorCode(e) === "ENOENT") return []; // no draft was ever written
      throw e;
    }
    const out: Draft[] = [];
    skipped = [];
    for (const name of names) {
      const path = join(dir, name);
      if (name.endsWith(".tmp")) {
        // a temp file older than a minute was left by a crash between write and rename
        try {
          if (Date.now() - statSync(path).mtimeMs > 60_000) rmSync(path, { force: true });
        } catch {
          // gone meanwhile
        }
        continue;
      }
      if (!name.endsWith(".json")) continue;
      try {
        const v: unknown = JSON.parse(readFileSync(path, "utf8"));
        if (isDraft(v) && `${v.id}.json` === name) out.push(v);
        else skipped.push(path);
      } catch {
        skipped.push(path); // unreadable: kept on disk, and reported (unreadable())
      }
    }
    return out.sort((a, b) => b.savedAt - a.savedAt);
  }

  return {
    dir,
    unreadable: () => [...skipped],
    list: (scope) => readAll().filter((d) => scope === undefined || d.scope === scope),
    get(id) {
      const path = file(id);
      let text: string;
      try {
        text = readFileSync(path, "utf8");
      } catch (e) {
        if (errorCode(e) === "ENOENT") return undefined; // no draft (yet, or any more)
        throw new DraftUnreadableError(path, errorMessage(e));
      }
      let v: unknown;
      try {
        v = JSON.parse(text);
      } catch (e) {
        throw new DraftUnreadableError(path, `not JSON: ${errorMessage(e)}`);
      }
      if (!isDraft(v) || v.id !== id) throw new DraftUnreadableError(path, "not a draft");
      return v;
    },
    save(draft, durable = false) {
      ensure();
      writeAtomic(file(draft.id), `${JSON.stringify(draft)}\n`, durable);
    },
    remove(id) {
      rmSync(file(id), { force: true });
    },
  };
}

/** Drafts in memory only (tests, and a console without a data dir). */
export function memoryDraftStore(): DraftStore {
  const map = new Map<string, Draft>();
  const copy = (d: Draft): Draft => JSON.parse(JSON.stringify(d)) as Draft;
  return {
    dir: undefined,
    unreadable: () => [],
    list: (scope) =>
      [...map.values()]
        .filter((d) => scope === undefined || d.scope === scope)
        .map(copy)
        .sort((a, b) => b.savedAt - a.savedAt),
    get: (id) => {
      const d = map.get(id);
      return d ? copy(d) : undefined;
    },
    save: (d) => {
      map.set(d.id, copy(d));
    },
    remove: (id) => {
      map.delete(id);
    },
  };
}
