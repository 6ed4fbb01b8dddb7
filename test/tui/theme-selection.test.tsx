/** The cursor row: a theme's selection background when it has one, else inverse video (and under NO_COLOR). */
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeTheme, type Theme } from "../../src/tui/theme.ts";
import { Table } from "../../src/tui/widgets/Table.tsx";
import { renderSized } from "./support/render.tsx";

// colour on (chalk reads this once, before Ink is imported): what the row is drawn with shows in the bytes
vi.hoisted(() => {
  process.env.FORCE_COLOR = "3";
});

type Row = { id: string; name: string };
const rows: Row[] = [
  { id: "a", name: "alpha" },
  { id: "b", name: "beta" },
];
const columns = [{ id: "name", header: "NAME", get: (r: Row) => r.name, width: 10, priority: 1 }];

let done: (() => void) | undefined;
afterEach(() => done?.());

function draw(theme: Theme) {
  const r = renderSized(
    <Table
      rows={rows}
      columns={columns}
      cursor={1}
      height={4}
      width={30}
      rowKey={(x) => x.id}
      theme={theme}
      empty="none"
    />,
    30,
    5,
  );
  done = r.unmount;
  const raw = r.raw();
  // the cursor row's line as written (from its cursor mark to the end of its line)
  return raw.slice(raw.lastIndexOf("\n", raw.indexOf("›")) + 1).split("\n")[0]!;
}

describe("the selection role", () => {
  it("inverse video without a selection colour, a background with one, inverse again under NO_COLOR", () => {
    expect(draw(makeTheme("dark"))).toContain("\u001b[7m");
    const skin = { selection: "#303a4a" };
    const line = draw(makeTheme("dark", false, skin));
    expect(line).not.toContain("\u001b[7m");
    expect(line).toMatch(/\u001b\[(48;2;48;58;74|48;5;\d+|4\d|10\d)m/);
    expect(draw(makeTheme("dark", true, skin))).toContain("\u001b[7m");
  });
});
