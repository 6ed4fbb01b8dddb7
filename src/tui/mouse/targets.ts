/**
 * Where on the screen a click lands: the header's pane tabs (their place is known: the right end of the
 * first line, src/tui/widgets/Header.tsx) and the regions the views register while they are drawn — a
 * list's rows (src/tui/widgets/Table.tsx, the overview's sections), a chart (the analytics pane). A region is measured when a click
 * comes (Ink's layout, measureElement), never on every frame. The frame's first line is the terminal's
 * first: with the alternate screen at once, without it because the frame is one line shorter than the
 * terminal (app.tsx), so after its first draw it always starts at the top.
 */
export type Rect = { x: number; y: number; width: number; height: number };

/** A list drawn on screen: which of the pane's rows (cursor index) a line of the region shows. */
export type RowsTarget = {
  kind: "rows";
  rect: () => Rect | undefined;
  /** The pane row shown on `line` (0 = the region's first line), or undefined (a title, a header). */
  rowAt: (line: number) => number | undefined;
};

/** A chart drawn on screen: the wheel over it moves the chart's cursor along the time (as ←/→). */
export type ChartTarget = { kind: "chart"; rect: () => Rect | undefined };

export type MouseTarget = RowsTarget | ChartTarget;

export type MouseTargets = {
  /** Register a region; returns its removal. */
  add(t: MouseTarget): () => void;
  /** The region under a cell and the cell's place in it. */
  hit(x: number, y: number): { target: MouseTarget; line: number; column: number } | undefined;
};

export function createMouseTargets(): MouseTargets {
  const all = new Set<MouseTarget>();
  return {
    add(t) {
      all.add(t);
      return () => {
        all.delete(t);
      };
    },
    hit(x, y) {
      for (const target of all) {
        const r = target.rect();
        if (!r || r.width <= 0 || r.height <= 0) continue;
        if (x >= r.x && x < r.x + r.width && y >= r.y && y < r.y + r.height)
          return { target, line: y - r.y, column: x - r.x };
      }
      return undefined;
    },
  };
}

/**
 * Which tab is at column `x` of the header, whose tabs (`labels`, as paneTabs writes them: ` 0 `, `[1]`, …)
 * end at the right end of a `width`-wide first line; undefined between or before them.
 */
export function tabAt(labels: readonly string[], width: number, x: number): number | undefined {
  const total = labels.reduce((n, l) => n + l.length, 0);
  let at = width - total;
  for (const [i, l] of labels.entries()) {
    if (x >= at && x < at + l.length) return i;
    at += l.length;
  }
  return undefined;
}
