/**
 * A data dir under operator mistakes and crashes, through `vigil serve` as a child process: one service
 * per data dir held by the OS lock (simultaneous starts, a stale service.json, kill -9), loose key and
 * database files refused, files created 0600, and a lost, empty or corrupt database refused loudly — also
 * when the start before stopped cleanly (its quick_check is skipped only for the file that stop left).
 */

import { execFileSync } from "node:child_process";
import {
  chmodSync,
  closeSync,
  existsSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { CHECK_TRUST_MS, closeDataDir, openDataDir } from "../../src/service/db/data-dir.ts";
import { exited, refusedStart, serve, spawnServe } from "./serve-child.ts";
import { call, tempDir } from "./support.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function dataDir(): string {
  const d = tempDir();
  dirs.push(d);
  return d;
}
const mode = (f: string) => (statSync(f).mode & 0o777).toString(8);
const base = (data: string) => ["--port", "0", "--data", data, "--no-demo"];

/** Start, make one check (so the database holds data), stop cleanly. */
async function seeded(data: string): Promise<void> {
  const { child, firstLine } = await serve(base(data));
  const url = firstLine.slice("listening on ".length);
  const key = readFileSync(join(data, "api-key"), "utf8").trim();
  const r = await call(url, key, "POST", "/v1/checks/url", {
    name: "keep me",
    request: { url: "http://127.0.0.1:9/" },
  });
  expect(r.status).toBe(201);
  child.kill("SIGTERM");
  expect(await exited(child)).toBe(0);
}

describe("one service per data dir, held by the OS", () => {
  it("two services started at the same moment: exactly one runs, the other names it and exits 1", async () => {
    const data = dataDir();
    const a = spawnServe(base(data));
    const b = spawnServe(base(data));
    const outcome = (child: ReturnType<typeof spawnServe>) =>
      new Promise<{ listening: boolean; err: string; child: typeof child }>((resolve) => {
        let err = "";
        child.stderr.on("data", (d) => {
          err += String(d);
        });
        child.stdout.on("data", (d) => {
          if (String(d).startsWith("listening on")) resolve({ listening: true, err, child });
        });
        child.on("exit", () => resolve({ listening: false, err, child }));
      });
    const results = await Promise.all([outcome(a), outcome(b)]);
    try {
      expect(
        results.filter((r) => r.listening),
        results.map((r) => r.err).join(" | "),
      ).toHaveLength(1);
      const loser = results.find((r) => !r.listening)!;
      expect(loser.child.exitCode).toBe(1);
      expect(loser.err.trim()).toMatch(
        new RegExp(
          `^vigil serve: the data dir ${data} is in use by (another vigil service \\(pid \\d+, http://127\\.0\\.0\\.1:\\d+\\)|another process)$`,
        ),
      );
    } finally {
      for (const r of results) r.child.kill("SIGTERM");
      await Promise.all(results.map((r) => exited(r.child)));
    }
  });

  it("a stale service.json naming a live, unrelated pid does not block a start", async () => {
    const data = dataDir();
    writeFileSync(
      join(data, "service.json"),
      JSON.stringify({ url: "http://127.0.0.1:1", pid: process.pid }),
      {
        mode: 0o600,
      },
    );
    const { child, firstLine } = await serve(base(data));
    expect(firstLine).toMatch(/^listening on /);
    expect(JSON.parse(readFileSync(join(data, "service.json"), "utf8")).pid).toBe(child.pid);
    child.kill("SIGTERM");
    expect(await exited(child)).toBe(0);
  });

  it("after kill -9 the lock is gone with the process: the next start works and keeps the data", async () => {
    const data = dataDir();
    await seeded(data);
    const first = await serve(base(data));
    first.child.kill("SIGKILL");
    await exited(first.child);
    const { child, firstLine } = await serve(base(data));
    const key = readFileSync(join(data, "api-key"), "utf8").trim();
    const list = await call(firstLine.slice("listening on ".length), key, "GET", "/v1/checks");
    expect(list.body.map((c: { name: string }) => c.name)).toEqual(["keep me"]);
    child.kill("SIGTERM");
    expect(await exited(child)).toBe(0);
  });
});

describe("secrets files", () => {
  it("creates the key, the database and its WAL 0600", async () => {
    const data = dataDir();
    const { child } = await serve(base(data));
    try {
      for (const f of ["api-key", "vigil.db", "vigil.db.id", "service.json"])
        expect(mode(join(data, f))).toBe("600");
      if (existsSync(join(data, "vigil.db-wal"))) expect(mode(join(data, "vigil.db-wal"))).toBe("600");
      // exclusive locking: no shared-memory file at all
      expect(existsSync(join(data, "vigil.db-shm"))).toBe(false);
    } finally {
      child.kill("SIGTERM");
    }
    await exited(child);
  });

  it.each([
    ["api-key", "the service API key"],
    ["vigil.db", "the service database"],
  ])("refuses a group- or world-readable %s with the chmod that fixes it", async (file, what) => {
    const data = dataDir();
    await seeded(data);
    chmodSync(join(data, file), 0o644);
    const r = await refusedStart(base(data));
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toBe(
      `vigil serve: ${join(data, file)} (${what}) is readable by others (mode 644): run chmod 600 ${join(data, file)}`,
    );
    chmodSync(join(data, file), 0o600);
    const again = await serve(base(data));
    again.child.kill("SIGTERM");
    expect(await exited(again.child)).toBe(0);
  });
});

describe("lost or corrupt data is not silently replaced", () => {
  it.each([
    ["missing", (f: string) => rmSync(f)],
    ["empty", (f: string) => writeFileSync(f, "")],
  ])("a %s database where one existed: refused, then --init starts afresh", async (state, damage) => {
    const data = dataDir();
    await seeded(data);
    damage(join(data, "vigil.db"));
    const r = await refusedStart(base(data));
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toMatch(
      new RegExp(
        `^vigil serve: ${join(data, "vigil.db")} is ${state}, but this data dir held a database \\(created .+\\): restore it, or start with --init to begin with an empty one$`,
      ),
    );
    const { child, firstLine } = await serve([...base(data), "--init"]);
    const key = readFileSync(join(data, "api-key"), "utf8").trim();
    expect((await call(firstLine.slice("listening on ".length), key, "GET", "/v1/checks")).body).toEqual([]);
    child.kill("SIGTERM");
    expect(await exited(child)).toBe(0);
  });

  it("a file that is not a database: refused with how to recover", async () => {
    const data = dataDir();
    await seeded(data);
    writeFileSync(join(data, "vigil.db"), "this is not a database, it is a plain text file".repeat(200), {
      mode: 0o600,
    });
    const r = await refusedStart(base(data));
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toMatch(
      /is not a readable database .*restore a backup, or move it away and start with --init$/,
    );
  });

  it("a database damaged inside (pages overwritten): quick_check at start refuses it", async () => {
    const data = dataDir();
    await seeded(data);
    const file = join(data, "vigil.db");
    const size = statSync(file).size;
    const fd = openSync(file, "r+");
    // keep the header page, scribble over everything after it
    const junk = Buffer.alloc(size - 4096, 0xa5);
    writeSync(fd, junk, 0, junk.length, 4096);
    closeSync(fd);
    const r = await refusedStart(base(data));
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toMatch(
      /^vigil serve: .*vigil\.db is (corrupt \(quick_check: .+\)|not a readable database .+): restore a backup, or move it away and start with --init$/,
    );
  });
});

/**
 * Scribble over pages, as a disk or a careless copy would: every page after the first, or only the last
 * `last` (a table's rows written last: the schema still reads, only a check finds the damage).
 */
function damagePages(file: string, last?: number): void {
  const size = statSync(file).size;
  const from = last === undefined ? 4096 : size - last * 4096;
  const fd = openSync(file, "r+");
  const junk = Buffer.alloc(size - from, 0xa5);
  writeSync(fd, junk, 0, junk.length, from);
  closeSync(fd);
}

describe("quick_check at start: skipped only for the file a clean stop left", () => {
  /** A data dir whose database holds a table with rows (pages past the first), stopped cleanly. */
  async function cleanlyStopped(): Promise<{ data: string; file: string; checkedAt: number }> {
    const data = dataDir();
    const first = await openDataDir(data);
    expect(first.checked).toBe(true);
    first.db.exec("CREATE TABLE filler (x TEXT)");
    const insert = first.db.prepare("INSERT INTO filler VALUES (?)");
    for (let i = 0; i < 200; i++) insert.run("x".repeat(500));
    expect(closeDataDir(first)).toBeUndefined();
    expect(mode(join(data, "vigil.db.clean"))).toBe("600");
    // when the stop's check passed
    const { checkedAt } = JSON.parse(readFileSync(join(data, "vigil.db.clean"), "utf8"));
    expect(checkedAt).toBeGreaterThanOrEqual(first.checkedAt);
    return { data, file: join(data, "vigil.db"), checkedAt };
  }

  it("after a clean stop the next start skips it and carries the last check's time; the record is taken", async () => {
    const { data, checkedAt } = await cleanlyStopped();
    const second = await openDataDir(data);
    expect({ checked: second.checked, checkedAt: second.checkedAt }).toEqual({ checked: false, checkedAt });
    expect(existsSync(join(data, "vigil.db.clean"))).toBe(false);
    // this one stops without its record (a crash): the next start checks
    second.db.close();
    const third = await openDataDir(data);
    expect(third.checked).toBe(true);
    closeDataDir(third);
  });

  it("a file damaged after a clean stop is checked and refused, even with its mtime set back", async () => {
    const { data, file } = await cleanlyStopped();
    // a copy that keeps times (cp -p, rsync -t) sets the mtime back to the nanosecond; the ctime moved
    const times = join(data, "times");
    execFileSync("touch", ["-r", file, times]);
    damagePages(file, 4);
    execFileSync("touch", ["-r", times, file]);
    expect(statSync(file, { bigint: true }).mtimeNs).toBe(statSync(times, { bigint: true }).mtimeNs);
    await expect(openDataDir(data)).rejects.toThrow(
      /vigil\.db is (corrupt \(quick_check: .+\)|not a readable database .+): restore a backup, or move it away and start with --init$/,
    );
  });

  it("a file damaged while it was open fails the stop's check: not recorded, the next start refuses it", async () => {
    const data = dataDir();
    const opened = await openDataDir(data);
    opened.db.exec("CREATE TABLE filler (x TEXT)");
    const insert = opened.db.prepare("INSERT INTO filler VALUES (?)");
    for (let i = 0; i < 200; i++) insert.run("x".repeat(500));
    opened.db.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    // the pages in memory are dropped (a cache of a few pages), so the check reads the file
    opened.db.exec("PRAGMA cache_size = 1");
    opened.db.exec("PRAGMA locking_mode = NORMAL");
    damagePages(join(data, "vigil.db"), 4);
    expect(closeDataDir(opened)).toMatch(/.+/);
    expect(existsSync(join(data, "vigil.db.clean"))).toBe(false);
    await expect(openDataDir(data)).rejects.toThrow(/vigil\.db is (corrupt|not a readable database)/);
  });

  it("a check older than CHECK_TRUST_MS is made again, a clean stop or not", async () => {
    const { data, checkedAt } = await cleanlyStopped();
    const later = await openDataDir(data, { now: () => checkedAt + CHECK_TRUST_MS + 1 });
    expect(later.checked).toBe(true);
    expect(later.checkedAt).toBe(checkedAt + CHECK_TRUST_MS + 1);
    closeDataDir(later);
  });

  it("a record that does not read, or names another database, is no clean stop", async () => {
    for (const record of [
      "not json",
      '{"databaseId":"another","ino":1,"size":1,"mtimeMs":1,"ctimeMs":1,"checkedAt":1}',
    ]) {
      const { data } = await cleanlyStopped();
      if (record.startsWith("{")) {
        const real = JSON.parse(readFileSync(join(data, "vigil.db.clean"), "utf8"));
        writeFileSync(join(data, "vigil.db.clean"), JSON.stringify({ ...real, databaseId: "another" }));
      } else writeFileSync(join(data, "vigil.db.clean"), record);
      const next = await openDataDir(data);
      expect(next.checked).toBe(true);
      closeDataDir(next);
    }
  });

  it("vigil serve stopped with SIGTERM records its clean stop; damaged after it, the next start is refused", async () => {
    const data = dataDir();
    await seeded(data);
    const record = JSON.parse(readFileSync(join(data, "vigil.db.clean"), "utf8"));
    expect(record).toMatchObject({ size: statSync(join(data, "vigil.db")).size });
    damagePages(join(data, "vigil.db"));
    const r = await refusedStart(base(data));
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toMatch(/vigil\.db is (corrupt|not a readable database)/);
  });
});
