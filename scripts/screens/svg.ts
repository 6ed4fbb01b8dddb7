/**
 * A terminal screen as SVG: the cells of an @xterm/headless buffer (character, width, colours, bold, dim,
 * italic, underline, inverse) drawn on a fixed monospace grid. Every run of equally styled cells is one
 * <text> at its column with `textLength` set to its cells' width, so a glyph from a fallback font (▃, ✔)
 * never shifts the columns after it; backgrounds are rectangles under the text. Same cells, same bytes:
 * nothing here reads a clock or the environment (the staleness check of `npm run screens` compares them).
 */
import type { IBufferCell, Terminal } from "@xterm/headless";

export type Colour = { kind: "default" } | { kind: "palette"; index: number } | { kind: "rgb"; rgb: number };

export type Cell = {
  /** The character(s) of the cell; "" for the second half of a wide character. */
  chars: string;
  /** 1, 2 for a wide character, 0 for the cell after one. */
  width: number;
  fg: Colour;
  bg: Colour;
  bold: boolean;
  dim: boolean;
  italic: boolean;
  underline: boolean;
  inverse: boolean;
};

export type Grid = { cols: number; rows: number; cells: Cell[][] };

const DEFAULT: Colour = { kind: "default" };

function colourOf(cell: IBufferCell, which: "fg" | "bg"): Colour {
  const fg = which === "fg";
  if (fg ? cell.isFgDefault() : cell.isBgDefault()) return DEFAULT;
  const value = fg ? cell.getFgColor() : cell.getBgColor();
  if (fg ? cell.isFgRGB() : cell.isBgRGB()) return { kind: "rgb", rgb: value };
  return { kind: "palette", index: value };
}

/** The viewport of `term` as cells (after every write has been parsed). */
export function gridOf(term: Terminal): Grid {
  const buf = term.buffer.active;
  const cells: Cell[][] = [];
  const scratch = buf.getNullCell();
  for (let y = 0; y < term.rows; y++) {
    const line = buf.getLine(buf.viewportY + y);
    const row: Cell[] = [];
    for (let x = 0; x < term.cols; x++) {
      const c = line?.getCell(x, scratch);
      if (!c) {
        row.push(blank());
        continue;
      }
      row.push({
        chars: c.getChars(),
        width: c.getWidth(),
        fg: colourOf(c, "fg"),
        bg: colourOf(c, "bg"),
        bold: c.isBold() !== 0,
        dim: c.isDim() !== 0,
        italic: c.isItalic() !== 0,
        underline: c.isUnderline() !== 0,
        inverse: c.isInverse() !== 0,
      });
    }
    cells.push(row);
  }
  return { cols: term.cols, rows: term.rows, cells };
}

function blank(): Cell {
  return {
    chars: "",
    width: 1,
    fg: DEFAULT,
    bg: DEFAULT,
    bold: false,
    dim: false,
    italic: false,
    underline: false,
    inverse: false,
  };
}

/** The text of each row (trailing blanks trimmed): what a test or a wait condition reads. */
export function textOf(grid: Grid): string[] {
  return grid.cells.map((row) =>
    row
      .map((c) => (c.width === 0 ? "" : c.chars || " "))
      .join("")
      .trimEnd(),
  );
}

/** The colours: a dark theme close to the common terminal defaults (fixed, so the output is too). */
export const THEME = {
  background: "#1c1f24",
  foreground: "#d8dee9",
  /** ANSI 0–15: black, red, green, yellow, blue, magenta, cyan, white, then the bright ones. */
  ansi: [
    "#2e3440",
    "#e5534b",
    "#57ab5a",
    "#c69026",
    "#539bf5",
    "#b083f0",
    "#39c5cf",
    "#d8dee9",
    "#636e7b",
    "#ff6a69",
    "#6bc46d",
    "#daaa3f",
    "#6cb6ff",
    "#dcbdfb",
    "#56d4dd",
    "#f0f3f6",
  ],
};

/** The font: a fixed stack of common monospace faces, and the grid's cell in px. */
export const FONT = {
  family: "ui-monospace, 'SF Mono', Menlo, Consolas, 'DejaVu Sans Mono', 'Liberation Mono', monospace",
  size: 14,
  cellWidth: 8.4,
  lineHeight: 18,
  padding: 12,
};

const hex2 = (n: number) => n.toString(16).padStart(2, "0");
const rgbHex = (rgb: number) => `#${hex2((rgb >> 16) & 255)}${hex2((rgb >> 8) & 255)}${hex2(rgb & 255)}`;

/** An xterm 256-colour palette entry (16–231 the 6×6×6 cube, 232–255 greys). */
function paletteHex(index: number): string {
  if (index < 16) return THEME.ansi[index] ?? THEME.foreground;
  if (index < 232) {
    const i = index - 16;
    const level = (v: number) => (v === 0 ? 0 : 55 + v * 40);
    return rgbHex((level(Math.floor(i / 36)) << 16) | (level(Math.floor(i / 6) % 6) << 8) | level(i % 6));
  }
  const g = 8 + (index - 232) * 10;
  return rgbHex((g << 16) | (g << 8) | g);
}

function resolve(c: Colour, fallback: string): string {
  if (c.kind === "default") return fallback;
  if (c.kind === "rgb") return rgbHex(c.rgb);
  return paletteHex(c.index);
}

/** Text for an XML text node or attribute: the five entities escaped, characters XML 1.0 forbids dropped. */
export function escapeXml(s: string): string {
  return s
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "")
    .replace(/[&<>"']/g, (ch) => `&${{ "&": "amp", "<": "lt", ">": "gt", '"': "quot", "'": "apos" }[ch]};`);
}

/** The opacity of dim (faint) text. */
const DIM = 0.55;

/** A coordinate with at most two decimals and no trailing zeros. */
const num = (n: number) => String(Math.round(n * 100) / 100);

type Style = { fg: string; bg: string; bold: boolean; dim: boolean; italic: boolean; underline: boolean };

function styleOf(c: Cell): Style {
  let fg = resolve(c.fg, THEME.foreground);
  let bg = resolve(c.bg, THEME.background);
  if (c.inverse) [fg, bg] = [bg, fg];
  return { fg, bg, bold: c.bold, dim: c.dim, italic: c.italic, underline: c.underline };
}

const sameText = (a: Style, b: Style) =>
  a.fg === b.fg &&
  a.bold === b.bold &&
  a.dim === b.dim &&
  a.italic === b.italic &&
  a.underline === b.underline;

/**
 * Block elements (U+2580–U+2593: ▁…█, ▀, ▌, ▐, ░▒▓) as the part of the cell they fill — [x, y, width,
 * height] in eighths, and an opacity for the shades — drawn as rectangles, as terminals draw them, so bars
 * and charts have no gaps between rows whatever the font.
 */
function blockOf(ch: string): { box: [number, number, number, number]; opacity: number } | undefined {
  const c = ch.codePointAt(0) ?? 0;
  if (ch.length !== 1 || c < 0x2580 || c > 0x2593) return undefined;
  if (c === 0x2580) return { box: [0, 0, 8, 4], opacity: 1 };
  if (c <= 0x2588) return { box: [0, 8 - (c - 0x2580), 8, c - 0x2580], opacity: 1 };
  if (c <= 0x258f) return { box: [0, 0, 8 - (c - 0x2588), 8], opacity: 1 };
  if (c === 0x2590) return { box: [4, 0, 4, 8], opacity: 1 };
  return { box: [0, 0, 8, 8], opacity: (c - 0x2590) * 0.25 };
}

/** The screen as an SVG document; `title` is its accessible name. */
export function toSvg(grid: Grid, title: string): string {
  const { cellWidth, lineHeight, padding, size } = FONT;
  const width = padding * 2 + grid.cols * cellWidth;
  const height = padding * 2 + grid.rows * lineHeight;
  const rects: string[] = [];
  const texts: string[] = [];
  for (let y = 0; y < grid.rows; y++) {
    const row = grid.cells[y] ?? [];
    const top = padding + y * lineHeight;
    const baseline = top + Math.round(lineHeight * 0.75);
    // backgrounds: runs of one colour other than the screen's
    for (let x = 0; x < grid.cols; ) {
      const bg = styleOf(row[x] ?? blank()).bg;
      let end = x + 1;
      while (end < grid.cols && styleOf(row[end] ?? blank()).bg === bg) end++;
      if (bg !== THEME.background)
        rects.push(
          `<rect x="${num(padding + x * cellWidth)}" y="${num(top)}" width="${num((end - x) * cellWidth)}" height="${lineHeight}" fill="${bg}"/>`,
        );
      x = end;
    }
    // block elements: rectangles in the cell; a run of the same full-width block in one style is one
    for (let x = 0; x < grid.cols; ) {
      const cell = row[x] ?? blank();
      const block = blockOf(cell.chars);
      if (!block) {
        x++;
        continue;
      }
      const [bx, by, bw, bh] = block.box;
      const style = styleOf(cell);
      let end = x + 1;
      if (bw === 8)
        while (end < grid.cols) {
          const next = row[end] ?? blank();
          const ns = styleOf(next);
          if (next.chars !== cell.chars || ns.fg !== style.fg || ns.dim !== style.dim) break;
          end++;
        }
      const opacity = block.opacity * (style.dim ? DIM : 1);
      rects.push(
        `<rect x="${num(padding + x * cellWidth + (bx * cellWidth) / 8)}" y="${num(top + (by * lineHeight) / 8)}" width="${num(((end - x - 1) * 8 + bw) * (cellWidth / 8))}" height="${num((bh * lineHeight) / 8)}" fill="${style.fg}"${opacity < 1 ? ` fill-opacity="${num(opacity)}"` : ""}/>`,
      );
      x = end;
    }
    // text: runs of one style, blanks and blocks between them left out
    for (let x = 0; x < grid.cols; ) {
      const cell = row[x] ?? blank();
      if (cell.width === 0 || cell.chars === "" || cell.chars === " " || blockOf(cell.chars)) {
        x++;
        continue;
      }
      const style = styleOf(cell);
      let text = "";
      let end = x;
      while (end < grid.cols) {
        const c = row[end] ?? blank();
        if (c.width === 0) {
          end++;
          continue;
        }
        if (!sameText(styleOf(c), style) || blockOf(c.chars)) break;
        // a run of 2+ blanks ends the run (a column gap), one blank stays inside it
        const blankHere = c.chars === "" || c.chars === " ";
        const nextBlank = (row[end + 1]?.chars ?? "") === "" || row[end + 1]?.chars === " ";
        if (blankHere && nextBlank) break;
        text += c.chars || " ";
        end++;
      }
      const trimmed = text.trimEnd();
      const cells = end - x - (text.length - trimmed.length);
      const attrs = [
        `x="${num(padding + x * cellWidth)}"`,
        `y="${num(baseline)}"`,
        `textLength="${num(cells * cellWidth)}"`,
        `lengthAdjust="spacingAndGlyphs"`,
        `fill="${style.fg}"`,
      ];
      if (style.bold) attrs.push(`font-weight="bold"`);
      if (style.dim) attrs.push(`fill-opacity="${DIM}"`);
      if (style.italic) attrs.push(`font-style="italic"`);
      if (style.underline) attrs.push(`text-decoration="underline"`);
      texts.push(`<text ${attrs.join(" ")}>${escapeXml(trimmed)}</text>`);
      x = end;
    }
  }
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${num(width)}" height="${num(height)}" viewBox="0 0 ${num(width)} ${num(height)}" role="img" aria-label="${escapeXml(title)}">`,
    `<title>${escapeXml(title)}</title>`,
    `<rect width="100%" height="100%" rx="6" fill="${THEME.background}"/>`,
    `<g shape-rendering="crispEdges">`,
    ...rects,
    "</g>",
    `<g font-family="${escapeXml(FONT.family)}" font-size="${size}" xml:space="preserve">`,
    ...texts,
    "</g>",
    "</svg>",
    "",
  ].join("\n");
}
