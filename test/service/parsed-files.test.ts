/**
 * The files and lines the service reads that another process wrote are parsed, never cast: a damaged one
 * is one clear line naming the file and the field (or, where that is the safe answer, set aside and said
 * so). Real files in temp dirs.
 */
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { DataDirError, openDataDir } from "../../src/service/db/data-dir.ts";
import { DEMO_WORKSPACE, readWorkspace } from "../../src/service/demo/workspace.ts";
import { liveLeases, takeLease } from "../../src/service/info-file.ts";
import { parseResult } from "../../src/service/runners/browser/runner.ts";
import { unpack } from "../../src/service/runners/browser/runtime.ts";
import { RESULT_MARKER, readJob } from "../../src/service/runners/browser/script-child.ts";
import { readVitals } from "../../src/service/runners/browser/vitals.ts";
import { JsonShapeError, parseJsonAs } from "../../src/shared/json.ts";
import { tempDir } from "./support.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function dir(): string {
  const d = tempDir();
  dirs.push(d);
  return d;
}

describe("parseJsonAs", () => {
  const schema = z.object({ a: z.object({ b: z.number() }) });
  it("gives the value as the schema says", () => {
    expect(parseJsonAs('{"a":{"b":1}}', schema, "x.json")).toEqual({ a: { b: 1 } });
  });
  it("a text that is not JSON, or a field of another shape: one line naming the file and the field", () => {
    expect(() => parseJsonAs('{"a":', schema, "x.json")).toThrow(/^x\.json is not JSON \(/);
    expect(() => parseJsonAs('{"a":{"b":"1"}}', schema, "x.json")).toThrow(JsonShapeError);
    expect(() => parseJsonAs('{"a":{"b":"1"}}', schema, "x.json")).toThrow(/^x\.json: "a\.b" /);
  });
});

describe("the data dir's marker (vigil.db.id)", () => {
  it("damaged, with the database gone: the start is refused naming the marker, --init starts anew", async () => {
    const data = dir();
    writeFileSync(join(data, "vigil.db.id"), '{"databaseId": 7}\n', { mode: 0o600 });
    const refused = openDataDir(data);
    await expect(refused).rejects.toThrow(DataDirError);
    await expect(openDataDir(data)).rejects.toThrow(
      /vigil\.db is missing, and whether this data dir held a database is unknown: .*vigil\.db\.id: "databaseId" .*start with --init/,
    );
    const { db, databaseId } = await openDataDir(data, { init: true });
    db.close();
    expect(JSON.parse(readFileSync(join(data, "vigil.db.id"), "utf8")).databaseId).toBe(databaseId);
  });

  it("damaged, with the database there: the database opens and the marker is written anew", async () => {
    const data = dir();
    const first = await openDataDir(data);
    first.db.close();
    writeFileSync(join(data, "vigil.db.id"), "not json", { mode: 0o600 });
    const again = await openDataDir(data);
    again.db.close();
    expect(again.databaseId).toBe(first.databaseId);
    expect(JSON.parse(readFileSync(join(data, "vigil.db.id"), "utf8")).databaseId).toBe(first.databaseId);
  });
});

describe("a client's lease file", () => {
  it("one that is not a lease counts for no client and is removed; its client writes it again", () => {
    const data = dir();
    const mine = takeLease(data, "console");
    const clients = join(data, "clients");
    expect(readdirSync(clients)).toEqual([mine.file.slice(clients.length + 1)]); // written whole (no .tmp left)
    writeFileSync(mine.file, '{"pid": "me", "kind": "console", "since": "now"}');
    writeFileSync(join(clients, "1-junk.json"), "{");
    expect(liveLeases(data)).toEqual([]);
    expect(readdirSync(clients)).toEqual([]);
    mine.renew();
    expect(liveLeases(data)).toEqual([expect.objectContaining({ pid: process.pid, kind: "console" })]);
    mine.release();
  });
});

describe("the browser runtime's index", () => {
  it("an index that is not a list of entries: the unpack fails naming the field, nothing is written", async () => {
    const head = Buffer.from(JSON.stringify([{ path: "a.js", mode: "rw", size: 0, br: false }]));
    const len = Buffer.alloc(4);
    len.writeUInt32BE(head.length);
    const into = join(dir(), "rt");
    await expect(unpack(Buffer.concat([Buffer.from("VIGILRT1"), len, head]), into)).rejects.toThrow(
      /the browser runtime's index \(damaged file\): "0\.mode" /,
    );
    expect(existsSync(into)).toBe(false);
  });
});

describe("the script process's protocol", () => {
  const job = {
    kind: "BROWSER",
    script: "await page.goto('x')",
    wsEndpoint: "ws://127.0.0.1:1/x",
    actionTimeoutMs: 1000,
    screenshotPath: "/tmp/s.png",
    modules: { core: "/a.js", test: "/b.js" },
  };

  it("the job on stdin: read field by field, a missing or wrong one named", () => {
    expect(readJob(JSON.stringify(job))).toEqual(job);
    expect(() => readJob("{")).toThrow(/^the job on stdin is not JSON/);
    expect(() => readJob(JSON.stringify({ ...job, actionTimeoutMs: "1000" }))).toThrow(
      'the job on stdin: "actionTimeoutMs" is not a number',
    );
    expect(() => readJob(JSON.stringify({ ...job, modules: {} }))).toThrow(
      'the job on stdin: "core" is not a string',
    );
  });

  it("the result line: none is undefined (the process died), a damaged one names its field", () => {
    const result = {
      ok: true,
      durationMs: 5,
      pages: [{ url: "http://x/", TTFB: 1, FCP: null, LCP: null, CLS: 0, TBT: 0 }],
      counts: { consoleErrors: 0, networkErrors: 0, userScriptErrors: 0, documentErrors: 0 },
      steps: [],
      logs: [],
      screenshot: false,
    };
    expect(parseResult("script output only\n")).toBeUndefined();
    expect(parseResult(`log\n${RESULT_MARKER}${JSON.stringify(result)}\n`)).toEqual(result);
    expect(() => parseResult(`${RESULT_MARKER}{"ok": tr`)).toThrow(
      /^the script process's result is not JSON/,
    );
    expect(() =>
      parseResult(
        `${RESULT_MARKER}${JSON.stringify({ ...result, counts: { ...result.counts, networkErrors: "2" } })}`,
      ),
    ).toThrow(/^the script process's result: "counts\.networkErrors" /);
  });

  it("a page's vitals: numbers where numbers are due, else an error naming the field", () => {
    const v = { url: "http://x/", TTFB: 12, FCP: null, LCP: 30, CLS: 0.1, TBT: 0 };
    expect(readVitals(v)).toEqual(v);
    expect(() => readVitals(null)).toThrow("the page's vitals are not an object");
    expect(() => readVitals({ ...v, CLS: "0.1" })).toThrow(`the page's vitals: "CLS" is not a number`);
  });
});

describe("the demo's definition (assets/demo-workspace.json)", () => {
  it("is read whole; a field of another shape is named", () => {
    expect(DEMO_WORKSPACE.checks.length).toBeGreaterThan(5);
    const bad = { ...DEMO_WORKSPACE, checks: [{ ...DEMO_WORKSPACE.checks[0], key: 7 }] };
    expect(() => readWorkspace(bad)).toThrow(/^assets\/demo-workspace\.json: "checks\.0\.key" /);
  });
});
