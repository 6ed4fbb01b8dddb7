/**
 * The terminal's size, as the console lays itself out: given by the mount (mount.tsx) as a context value,
 * read by the shell and the app with `useTerminalSize`.
 *
 * Why not Ink's useWindowSize: it follows "resize" from a listener added when the component mounts, so it
 * runs after Ink's own resize handler, which re-lays out the tree and draws it at once — and when the
 * terminal got narrower, draws it whole (Ink forgets the frame it had drawn). That tree still holds the old
 * width in every explicit `width`, so the frame drawn whole has lines wider than the terminal: they wrap,
 * the screen scrolls, and every frame after it is written as changes against rows that are no longer where
 * Ink thinks (a stale row near the top, an old footer above the new one). The mount follows the size from
 * a listener added before Ink's and re-renders the tree at the new size synchronously, so the frame Ink
 * then draws whole is the right one.
 */
import { useStdout } from "ink";
import { createContext, useContext, useSyncExternalStore } from "react";

export type TerminalSize = { readonly columns: number; readonly rows: number };

/** What a terminal stream offers for its size (a TTY stream, a share viewer's channel, a test's stream). */
export type SizedStream = {
  columns?: number;
  rows?: number;
  on(event: "resize", listener: () => void): unknown;
  off(event: "resize", listener: () => void): unknown;
};

/** A stream's size, with Ink's defaults where it does not say. */
export function sizeOf(s: SizedStream): TerminalSize {
  return {
    columns: s.columns && s.columns > 0 ? s.columns : 80,
    rows: s.rows && s.rows > 0 ? s.rows : 24,
  };
}

/**
 * Call `changed(next, previous)` on every resize of `stream` that changes its size, from a listener added
 * NOW — so before any added later, such as Ink's. Returns the function that removes it.
 */
export function followSize(
  stream: SizedStream,
  changed: (next: TerminalSize, previous: TerminalSize) => void,
): () => void {
  let size = sizeOf(stream);
  const onResize = () => {
    const next = sizeOf(stream);
    if (next.columns === size.columns && next.rows === size.rows) return;
    const previous = size;
    size = next;
    changed(next, previous);
  };
  stream.on("resize", onResize);
  return () => {
    stream.off("resize", onResize);
  };
}

/** The size the mount gives its tree (re-rendered with the new one on every resize). */
export const TerminalSizeContext = createContext<TerminalSize | undefined>(undefined);

type Source = { get(): TerminalSize; subscribe(onChange: () => void): () => void };
const sources = new WeakMap<object, Source>();
const noSubscription = () => () => undefined;

/** Ink's stdout's size, followed while subscribed: for a tree rendered without the mount (tests). */
function streamSource(stream: SizedStream): Source {
  let source = sources.get(stream);
  if (source) return source;
  let last = sizeOf(stream);
  source = {
    get() {
      const now = sizeOf(stream);
      if (now.columns !== last.columns || now.rows !== last.rows) last = now;
      return last;
    },
    subscribe(onChange) {
      stream.on("resize", onChange);
      return () => {
        stream.off("resize", onChange);
      };
    },
  };
  sources.set(stream, source);
  return source;
}

/** The terminal's size for layout: the mount's, else (no mount around) Ink's stdout's. */
export function useTerminalSize(): TerminalSize {
  const given = useContext(TerminalSizeContext);
  const source = streamSource(useStdout().stdout);
  const followed = useSyncExternalStore(given ? noSubscription : source.subscribe, source.get);
  return given ?? followed;
}
