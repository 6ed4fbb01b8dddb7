/**
 * The table's lines follow its rows whatever changes (Table.tsx slotKeys: a row new on screen takes the
 * line of a row that left, a row that stays keeps its own): after each change, the frame is the one a
 * table mounted afresh with the same rows and cursor draws — random sets of rows (a filter keystroke),
 * moves and scrolls, rows repeated between sets, fewer rows than lines; the cursor row in inverse video and
 * on a selection colour, which a coloured cell (an element made once: Table.tsx colouredPart) follows.
 */
import { render } from "ink";
import { describe, expect, it } from "vitest";
import { makeTheme, type Theme } from "../../src/tui/theme.ts";
import { Table } from "../../src/tui/widgets/Table.tsx";
import { windowStart } from "../../src/tui/widgets/table-layout.ts";
import { rng } from "../support/rng.ts";
import { KeyStdin, SizedStdout } from "./support/render.tsx";

type Row = { id: string; name: string; bad: boolean };
const columns = [
  { id: "name", header: "NAME", get: (r: Row) => r.name, width: 12, priority: 2 },
  {
    id: "state",
    header: "STATE",
    get: (r: Row) => (r.bad ? "failing" : "passing"),
    tone: (r: Row) => (r.bad ? ("bad" as const) : undefined),
    width: 8,
    priority: 1,
  },
];
// the cursor row in inverse video, and on a selection colour (which its coloured cells take from it)
const themes = [
  ["inverse video", makeTheme("dark")],
  ["a selection colour", makeTheme("dark", false, { selection: "#303a4a" })],
] as const;

function mount(rows: readonly Row[], cursor: number, theme: Theme) {
  const stdout = new SizedStdout(40, 9);
  const table = (r: readonly Row[], c: number) => (
    <Table
      rows={r}
      columns={columns}
      cursor={c}
      height={8}
      width={40}
      rowKey={(x) => x.id}
      isMarked={(x) => x.name.endsWith("7")}
      theme={theme}
      empty="none"
    />
  );
  const instance = render(table(rows, cursor), {
    stdout: stdout as unknown as NodeJS.WriteStream,
    stdin: new KeyStdin() as unknown as NodeJS.ReadStream,
    debug: true,
    exitOnCtrlC: false,
    patchConsole: false,
  });
  return {
    frame: () => stdout.frames.at(-1) ?? "",
    rerender: (r: readonly Row[], c: number) => instance.rerender(table(r, c)),
    unmount: () => instance.unmount(),
  };
}

const fresh = (rows: readonly Row[], cursor: number, theme: Theme) => {
  const t = mount(rows, cursor, theme);
  const f = t.frame();
  t.unmount();
  return f;
};

describe.each(themes)("the table's lines, the cursor row in %s", (_, theme) => {
  it.each([1, 2, 3, 4, 5])(
    "are the rows shown after any change of rows, cursor or scroll (seed %i)",
    (seed) => {
      const r = rng(seed);
      const all = Array.from({ length: 60 }, (_, i) => ({
        id: `r${i}`,
        name: `row ${i}`,
        bad: r.next() < 0.3,
      }));
      let rows: Row[] = all;
      let cursor = 0;
      let first = 0;
      const t = mount(rows, cursor, theme);
      for (let step = 0; step < 40; step++) {
        const op = r.next();
        if (op < 0.4) {
          // a filter: some of the rows, in their order
          const keep = r.next();
          rows = all.filter(() => r.next() < keep);
          cursor = 0;
        } else if (op < 0.8)
          cursor = Math.max(0, Math.min(rows.length - 1, cursor + r.pick([-1, 1, 1, 7, -7])));
        else rows = rows.toReversed();
        t.rerender(rows, cursor);
        first = windowStart(first, cursor, 7, rows.length);
        expect(t.frame(), `step ${step}`).toBe(fresh(rows.slice(first), cursor - first, theme));
      }
      t.unmount();
    },
  );
});
