/**
 * The table tells its window (Table.tsx onWindow) after the effects of the render that moved it: told among
 * them, before the effect of a store hook above it (useSyncExternalStore notes the value it rendered in its
 * own effect, and a child's effects run first), the store change woke that hook with the value of the render
 * before, and the pane was rendered a second time for nothing after every scrolling move (the checks pane:
 * its cursor is read by ChecksTable, above the table). Counted, not timed.
 */
import { render } from "ink";
import { useSyncExternalStore } from "react";
import { expect, it } from "vitest";
import { createStore } from "zustand/vanilla";
import { makeTheme } from "../../src/tui/theme.ts";
import { Table } from "../../src/tui/widgets/Table.tsx";
import { drawn, KeyStdin, SizedStdout } from "./support/render.tsx";

type Row = { id: string; name: string };
const rows: Row[] = Array.from({ length: 100 }, (_, i) => ({ id: `r${i}`, name: `row ${i}` }));
const columns = [{ id: "name", header: "NAME", get: (r: Row) => r.name, width: 12, priority: 1 }];
const theme = makeTheme("dark");

const store = createStore(() => ({ cursor: 0, first: 0 }));
const onWindow = (first: number) => store.setState({ first });
let renders = 0;

/** What the checks pane's ChecksTable is: a store hook for the cursor, the table below it. */
function Pane() {
  renders++;
  const cursor = useSyncExternalStore(store.subscribe, () => store.getState().cursor);
  return (
    <Table
      rows={rows}
      columns={columns}
      cursor={cursor}
      height={6}
      width={30}
      rowKey={(r) => r.id}
      theme={theme}
      empty="none"
      onWindow={onWindow}
    />
  );
}

it("a scrolling move renders the component above the table once, and the store gets the table's new window", async () => {
  const stdout = new SizedStdout(30, 8);
  const app = render(<Pane />, {
    stdout: stdout as unknown as NodeJS.WriteStream,
    stdin: new KeyStdin() as unknown as NodeJS.ReadStream,
    debug: true,
    exitOnCtrlC: false,
    patchConsole: false,
  });
  try {
    await drawn(stdout);
    const perMove: number[] = [];
    for (let cursor = 1; cursor <= 20; cursor++) {
      const before = renders;
      store.setState({ cursor });
      await drawn(stdout);
      perMove.push(renders - before);
    }
    // 5 rows on screen: from the 5th move on, every move scrolls the window by one
    expect(store.getState().first).toBe(16);
    expect(stdout.frames.at(-1)).toContain("row 20");
    expect(perMove).toEqual(perMove.map(() => 1));
  } finally {
    app.unmount();
    app.cleanup();
  }
});
