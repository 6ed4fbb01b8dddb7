/** confirmRows (src/tui/widgets/Confirm.tsx): a confirmation's lines wrap, and what does not fit is said. */
import { describe, expect, it } from "vitest";
import { confirmRows } from "../../src/tui/widgets/Confirm.tsx";

const warning =
  '⚠ "Elevated checkout errors!" is RESOLVED (10 s ago): this update is posted to a resolved incident; its status stays RESOLVED';

describe("confirmRows", () => {
  it("wraps a long line between words, its last words kept, the continuation indented", () => {
    const rows = confirmRows([warning], 80, 10);
    expect(rows.length).toBeGreaterThan(1);
    for (const r of rows) expect(r.length).toBeLessThanOrEqual(80);
    expect(rows.at(-1)).toMatch(/^ {4}.*its status stays RESOLVED$/);
    expect(rows.join(" ").replace(/\s+/g, " ").trim()).toBe(warning);
  });

  it("short lines as they are", () => {
    expect(confirmRows(["severity: MINOR → MAJOR", "name: a → b"], 120, 10)).toEqual([
      "  severity: MINOR → MAJOR",
      "  name: a → b",
    ]);
  });

  it("says how many rows were left out instead of dropping them", () => {
    const lines = Array.from({ length: 8 }, (_, i) => `line ${i + 1}`);
    const rows = confirmRows(lines, 120, 5);
    expect(rows).toHaveLength(5);
    expect(rows.slice(0, 4)).toEqual(["  line 1", "  line 2", "  line 3", "  line 4"]);
    expect(rows[4]).toBe("  … 4 more lines (a taller terminal shows them)");
  });

  it("untrusted text is sanitised before it is drawn", () => {
    expect(confirmRows(["name: \u001b[2Jx"], 120, 5)).toEqual(["  name: ␛[2Jx"]);
  });
});
