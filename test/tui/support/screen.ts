/**
 * What a terminal shows after a program's bytes: @xterm/headless fed the bytes, read back cell by cell with
 * each cell's colours and styles — so two byte streams that draw the same thing in different ways (Ink's
 * line diff with and without moving scrolled rows, docs/ink-patch.md) compare equal, and any difference in a
 * character, a colour or a style does not. A line feed returns to column 0, as a pty's ONLCR makes it.
 */
import xtermHeadless from "@xterm/headless";

const { Terminal } = xtermHeadless;

export class Screen {
  readonly #term: InstanceType<typeof Terminal>;
  readonly #rows: number;
  constructor(columns: number, rows: number) {
    this.#term = new Terminal({
      cols: columns,
      rows,
      allowProposedApi: true,
      convertEol: true,
      scrollback: 0,
    });
    this.#rows = rows;
  }

  /** Write `bytes`; resolves once the terminal has taken them in. */
  write(bytes: string): Promise<void> {
    return new Promise((done) => this.#term.write(bytes, done));
  }

  /** Every row, each cell as its character and, where it changes, its colours and styles. */
  shown(): string {
    const buf = this.#term.buffer.active;
    const cell = buf.getNullCell();
    const rows: string[] = [];
    for (let y = 0; y < this.#rows; y++) {
      const line = buf.getLine(buf.viewportY + y);
      let row = "";
      let was = "";
      for (let x = 0; line && x < this.#term.cols; x++) {
        line.getCell(x, cell);
        const style = [
          cell.getFgColorMode(),
          cell.getFgColor(),
          cell.getBgColorMode(),
          cell.getBgColor(),
          cell.isBold(),
          cell.isDim(),
          cell.isItalic(),
          cell.isUnderline(),
          cell.isInverse(),
          cell.isStrikethrough(),
        ].join();
        if (style !== was) row += `{${style}}`;
        was = style;
        row += cell.getWidth() === 0 ? "" : cell.getChars() || " ";
      }
      rows.push(row);
    }
    return rows.join("\n");
  }

  dispose(): void {
    this.#term.dispose();
  }
}
