/** Pure pieces of the CLI: argument scanning and parsing, time parsing, table and detail layout. */
import { describe, expect, it } from "vitest";
import { UsageError } from "../../src/api/errors.ts";
import {
  Args,
  bindPositionals,
  findPositional,
  GLOBAL_OPTIONS,
  isDashArgument,
  parseTokens,
} from "../../src/cli/args.ts";
import { parseTime } from "../../src/cli/input.ts";
import { cellText, renderDetail, renderTable } from "../../src/cli/output.ts";
import { displayWidth } from "../../src/shared/format.ts";

describe("findPositional", () => {
  it("skips global flags and their values, wherever they are", () => {
    expect(findPositional(["--profile", "prod", "--json", "checks", "list"], [GLOBAL_OPTIONS])).toBe(3);
    expect(findPositional(["--profile=prod", "checks"], [GLOBAL_OPTIONS])).toBe(1);
    expect(findPositional(["--json"], [GLOBAL_OPTIONS])).toBe(-1);
    expect(findPositional(["--", "-x"], [GLOBAL_OPTIONS])).toBe(1);
    expect(
      findPositional(["--tag", "x", "list"], [GLOBAL_OPTIONS, { tag: { type: "string", help: "" } }]),
    ).toBe(2);
  });
});

describe("parseTokens / Args", () => {
  const opts = {
    limit: { type: "string", help: "" },
    tag: { type: "string", multiple: true, help: "" },
    notify: { type: "boolean", help: "" },
  } as const;

  it("parses flags, repeated flags, negations and positionals", () => {
    const p = parseTokens(["ID1", "--tag", "a,b", "--tag", "c", "--no-notify", "--limit=5", "--json"], opts);
    const a = new Args(p.values, bindPositionals(p.positionals, [{ name: "ID" }]));
    expect(a.need("ID")).toBe("ID1");
    expect(a.strings("tag")).toEqual(["a,b", "c"]);
    expect(a.strings("tag", true)).toEqual(["a", "b", "c"]);
    expect(a.flag("notify")).toBe(false);
    expect(a.int("limit", { min: 1, max: 100 })).toBe(5);
    expect(p.values.json).toBe(true);
  });

  it("reads an id starting with - as an argument anywhere: before, after and as a flag's value (issue 28)", () => {
    const id = "-IQWUp6G235-C3Rp";
    for (const tokens of [
      [id, "--json"],
      ["--json", id],
      ["--json", "--", id],
      ["--", id],
    ]) {
      const p = parseTokens(tokens, opts);
      expect(p.positionals).toEqual([id]);
    }
    expect(parseTokens(["--limit", "-abc", "X"], opts).values.limit).toBe("-abc");
    expect(parseTokens(["--tag", "-a1", "--tag", "b"], opts).values.tag).toEqual(["-a1", "b"]);
    // after `--` a flag is an argument too; before it, flags keep working in any place
    expect(parseTokens(["A", "--json", "--", "--json", "-h"], opts)).toEqual({
      values: { json: true },
      positionals: ["A", "--json", "-h"],
    });
    // short flags stay flags: -h, a group -hV; an unknown single letter is an unknown option
    expect(parseTokens(["-h"], opts).values.help).toBe(true);
    expect(parseTokens(["-hV"], opts).values).toEqual({ help: true, version: true });
    expect(() => parseTokens(["-x"], opts)).toThrow("unknown option -x");
    expect(isDashArgument("-IQWUp6G235-C3Rp", GLOBAL_OPTIONS)).toBe(true);
    expect(isDashArgument("-hV", GLOBAL_OPTIONS)).toBe(false);
    expect(isDashArgument("--json", GLOBAL_OPTIONS)).toBe(false);
    expect(isDashArgument("-", GLOBAL_OPTIONS)).toBe(false);
  });

  it("turns parse problems into one-line UsageErrors", () => {
    const reason = (tokens: string[]) => {
      try {
        parseTokens(tokens, opts);
      } catch (e) {
        expect(e).toBeInstanceOf(UsageError);
        return (e as Error).message;
      }
      return "no error";
    };
    expect(reason(["--nope"])).toBe("unknown option --nope");
    expect(reason(["--limit"])).toBe("--limit needs a value");
    expect(reason(["--limit", "-3"])).toMatch(/^--limit needs a value \(write --limit=VALUE/);
    expect(reason(["--json=yes"])).toBe("--json does not take a value");
    for (const t of [["--nope"], ["--limit"], ["--limit", "-3"]]) expect(reason(t)).not.toContain("\n");
  });

  it("validates numbers and choices with the flag's name", () => {
    const a = new Args({ limit: "abc", n: "500", s: "Dark" }, {});
    expect(() => a.int("limit")).toThrow('--limit must be a whole number, got "abc"');
    expect(() => a.int("n", { min: 1, max: 100 })).toThrow("--n must be between 1 and 100, got 500");
    expect(a.choice("s", ["LIGHT", "DARK"] as const)).toBe("DARK");
    expect(() => a.choice("s", ["A", "B"] as const)).toThrow('--s must be one of A, B, got "Dark"');
    expect(() => a.requiredString("missing")).toThrow("--missing is required");
  });

  it("binds positionals by name; too few or too many is a UsageError", () => {
    const specs = [{ name: "CHECK_ID" }, { name: "EVENT_ID", optional: true }];
    expect(bindPositionals(["c"], specs)).toEqual({ CHECK_ID: "c", EVENT_ID: undefined });
    expect(() => bindPositionals([], specs)).toThrow("missing CHECK_ID");
    expect(() => bindPositionals(["a", "b", "c"], specs)).toThrow('unexpected argument "c"');
  });
});

describe("parseTime", () => {
  const now = Date.parse("2026-11-21T12:00:00Z");
  it("accepts UNIX seconds, ISO dates, now and spans ago", () => {
    expect(parseTime("1763683200", "from", now)).toBe(1763683200_000);
    expect(parseTime("2026-11-20", "from", now)).toBe(Date.parse("2026-11-20"));
    expect(parseTime("2026-11-20T06:00:00Z", "from", now)).toBe(Date.parse("2026-11-20T06:00:00Z"));
    expect(parseTime("now", "to", now)).toBe(now);
    expect(parseTime("2h", "from", now)).toBe(now - 7_200_000);
    expect(parseTime("7d", "from", now)).toBe(now - 7 * 86_400_000);
    expect(parseTime("30m", "from", now)).toBe(now - 1_800_000);
  });
  it("rejects anything else naming the flag", () => {
    expect(() => parseTime("yesterday", "from", now)).toThrow(/^--from: "yesterday" is not a time/);
    expect(() => parseTime("2026-13-45", "to", now)).toThrow(UsageError);
  });
});

describe("tables and details", () => {
  const cols = [
    { header: "ID", get: (r: { id: string; name: string; n: number }) => r.id },
    { header: "NAME", get: (r: { id: string; name: string; n: number }) => r.name },
    { header: "N", get: (r: { id: string; name: string; n: number }) => r.n, align: "right" as const },
  ];
  const rows = [
    { id: "a", name: "检查 wide", n: 5 },
    { id: "bb", name: "x\u001b[2Jy", n: 12345 },
  ];

  it("aligns columns by display width, right-aligns numbers, sanitises cells", () => {
    const lines = renderTable(rows, cols);
    expect(lines).toEqual(["ID  NAME           N", "a   检查 wide      5", "bb  x␛[2Jy     12345"]);
  });

  it("narrows the widest column to fit a width", () => {
    const wide = [{ id: "a", name: "n".repeat(100), n: 1 }];
    const lines = renderTable(wide, cols, 40);
    for (const l of lines) expect(displayWidth(l)).toBeLessThanOrEqual(40);
    expect(lines[1]).toContain("…");
  });

  it("never cuts an id column (ID, … ID) to fit: the other columns give way", () => {
    const id = "53c56849-9f2f-4644-9bd4-3a9a3f1e2d4c";
    const checkCols = [
      { header: "ID", get: (r: { id: string }) => r.id, min: 8 },
      { header: "NAME", get: () => "Checkout API — payment provider round trip", min: 10 },
      { header: "TYPE", get: () => "API" },
      { header: "STATUS", get: () => "✔ passing" },
      { header: "TAGS", get: () => ["prod", "payments", "eu-west", "checkout", "tier-1", "pci"] },
    ];
    const lines = renderTable([{ id }], checkCols, 80);
    for (const l of lines) expect(displayWidth(l)).toBeLessThanOrEqual(80);
    expect(lines[1]).toContain(id);
    expect(lines[1]).toContain("…");
    // any column headed "… ID" too; `whole: false` lets one give way
    const result = renderTable(
      [{ id }],
      [{ header: "RESULT ID", get: (r: { id: string }) => r.id }, ...checkCols.slice(1)],
      70,
    );
    expect(result[1]).toContain(id);
    const cut = renderTable([{ id }], [{ header: "ID", get: (r: { id: string }) => r.id, whole: false }], 20);
    expect(cut[1]).not.toContain(id);
  });

  it("renders cells: empty as —, arrays joined, booleans as yes/no, newlines flattened", () => {
    expect(cellText(undefined)).toBe("—");
    expect(cellText([])).toBe("—");
    expect(cellText(["a", "b\u0007"])).toBe("a, b␇");
    expect(cellText(true)).toBe("yes");
    expect(cellText("a\nb")).toBe("a b");
  });

  it("renders key/value details with aligned keys, skipping undefined values", () => {
    expect(
      renderDetail([
        ["ID", "x"],
        ["Skipped", undefined],
        ["Long label", "a\nb"],
        ["Section", ""],
      ]),
    ).toEqual(["ID:          x", "Long label:  a", "             b", "Section:"]);
  });
});

describe("help", () => {
  it("cites no internal document in any command's help (issue 28: webhook --help cited one)", async () => {
    const { COMMANDS } = await import("../../src/cli/commands/index.ts");
    const { PROGRAMS } = await import("../../src/cli/programs.ts");
    const { resourceHelp, topHelp } = await import("../../src/cli/help.ts");
    for (const r of [...COMMANDS, ...PROGRAMS]) {
      const text = resourceHelp(r);
      expect(text, r.name).not.toMatch(/§|api-notes|seed|design\.md/i);
    }
    expect(topHelp()).not.toMatch(/§|api-notes|seed/i);
    const webhook = resourceHelp(COMMANDS.find((c) => c.name === "webhook")!);
    expect(webhook).toContain("CHECK_NAME");
  });
});
