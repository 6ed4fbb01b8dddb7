/**
 * The terminal's mouse reports, SGR encoding (xterm's 1006): turning reporting on and off, reading one
 * report, and telling a double click from two clicks. Pure; the key handler (src/tui/keys.ts) reads every
 * report here before anything else, so a report never reaches a form, a prompt or the filter as text.
 *
 * Reporting asked for: 1000 (press and release), 1002 (motion while a button is held: tmux forwards drags
 * only with it) and 1006 (SGR: `ESC [ < b ; x ; y M` for a press, `m` for a release; columns and rows from
 * 1, no 223-column limit). tmux passes reports to the pane when the program asked for them, whatever its
 * own `mouse` option says.
 */

/** Turn mouse reporting on (1000 + 1002, SGR encoding 1006). */
export const MOUSE_ON = "\u001b[?1000h\u001b[?1002h\u001b[?1006h";
/** Turn it off again, in the reverse order. */
export const MOUSE_OFF = "\u001b[?1006l\u001b[?1002l\u001b[?1000l";

export type MouseEvent = {
  /** press / release of a button, drag (motion with a button held), wheel (one notch). */
  kind: "press" | "release" | "drag" | "wheel";
  /** 0 left, 1 middle, 2 right (3: none, a release in some terminals); for a wheel its direction. */
  button: number;
  /** For a wheel: -1 up (away from the user), 1 down; 0 otherwise. */
  wheel: -1 | 0 | 1;
  /** Cell of the pointer, from 0 (the report counts from 1). */
  x: number;
  y: number;
  shift: boolean;
  meta: boolean;
  ctrl: boolean;
};

// Ink strips the ESC of a sequence it does not know as a key; a slow link can also split the ESC from the
// rest (Ink then flushes the ESC alone): both forms are reports.
const SGR = /^\u001b?\[<(\d{1,4});(\d{1,5});(\d{1,5})([Mm])$/;

/** The report `input` is, or undefined when it is not one. */
export function parseMouse(input: string): MouseEvent | undefined {
  const m = SGR.exec(input);
  if (!m) return undefined;
  const code = Number(m[1]);
  const x = Number(m[2]) - 1;
  const y = Number(m[3]) - 1;
  if (x < 0 || y < 0) return undefined;
  const low = code & 3;
  const base = {
    x,
    y,
    shift: (code & 4) !== 0,
    meta: (code & 8) !== 0,
    ctrl: (code & 16) !== 0,
  };
  if ((code & 64) !== 0) {
    // 64 up, 65 down; 66 / 67 (horizontal) read as up / down too
    return { ...base, kind: "wheel", button: low, wheel: low % 2 === 0 ? -1 : 1 };
  }
  if (m[4] === "m") return { ...base, kind: "release", button: low, wheel: 0 };
  if ((code & 32) !== 0) return { ...base, kind: "drag", button: low, wheel: 0 };
  return { ...base, kind: "press", button: low, wheel: 0 };
}

/** Whether `input` is a mouse report (to keep it out of anything that takes text). */
export const isMouseReport = (input: string): boolean => parseMouse(input) !== undefined;

/** Two presses of the left button on the same row, this close in time and columns, are a double click. */
export const DOUBLE_CLICK_MS = 400;
const DOUBLE_CLICK_COLUMNS = 2;

/**
 * Counts the left button's presses: `press` says whether this one is the first or the second of a double
 * click. A third press starts over (a triple click is a double click and a click).
 */
export function clickCounter(now: () => number = Date.now): { press(e: MouseEvent): 1 | 2 } {
  let last: { x: number; y: number; at: number } | undefined;
  return {
    press(e) {
      const at = now();
      const double =
        last !== undefined &&
        at - last.at <= DOUBLE_CLICK_MS &&
        e.y === last.y &&
        Math.abs(e.x - last.x) <= DOUBLE_CLICK_COLUMNS;
      last = double ? undefined : { x: e.x, y: e.y, at };
      return double ? 2 : 1;
    },
  };
}
