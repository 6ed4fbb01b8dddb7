/**
 * Whether the terminal reports the mouse to the console, and the bytes that say so. Opt-in (`--mouse`,
 * VIGIL_MOUSE, a profile's `mouse`); `M` toggles it while the console runs — with reporting on, the
 * terminal no longer selects text (most select with Shift held anyway), so plain selection is one key
 * away. Reporting is turned off whenever the terminal is handed over or given back: `pause` while `e`'s
 * editor runs (mount.suspend), `end` when the console ends; console.ts also writes MOUSE_OFF on an
 * abrupt exit.
 */
import { MOUSE_OFF, MOUSE_ON, type MouseEvent } from "./sgr.ts";

/** What the app is given (mount.tsx): reporting on/off, and the reports as they come. */
export type MouseControl = {
  mode: MouseMode;
  /** Hear every report; returns the removal. */
  listen(onReport: (e: MouseEvent) => void): () => void;
};

export type MouseMode = {
  /** Whether reporting is wanted (and on, unless paused or ended). */
  readonly on: boolean;
  /** Turn it on or off; returns the new state. */
  set(on: boolean): boolean;
  toggle(): boolean;
  /** Off on the terminal for now (the wanted state kept): another program has the terminal. */
  pause(): void;
  /** Back on after a pause, if wanted. */
  resume(): void;
  /** Off for good: the console ends. */
  end(): void;
};

export function createMouseMode(write: (bytes: string) => void, initial: boolean): MouseMode {
  let wanted = false;
  let live = false;
  let ended = false;
  const show = (on: boolean) => {
    if (on === live || (on && ended)) return;
    live = on;
    write(on ? MOUSE_ON : MOUSE_OFF);
  };
  const mode: MouseMode = {
    get on() {
      return wanted && !ended;
    },
    set(on) {
      if (ended) return false;
      wanted = on;
      show(on);
      return wanted;
    },
    toggle() {
      return mode.set(!wanted);
    },
    pause() {
      show(false);
    },
    resume() {
      if (wanted) show(true);
    },
    end() {
      show(false);
      ended = true;
    },
  };
  if (initial) mode.set(true);
  return mode;
}
