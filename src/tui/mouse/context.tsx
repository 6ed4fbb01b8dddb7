/**
 * The views' side of the mouse: the registry of regions a click can land on (targets.ts), given by the
 * app, and the hook a list uses to register its rows. Without a registry (a frame test) it does nothing.
 */
import { type DOMElement, measureElement } from "ink";
import { createContext, type RefObject, useContext, useEffect, useRef } from "react";
import type { MouseTargets, Rect } from "./targets.ts";

export const MouseTargetsContext = createContext<MouseTargets | undefined>(undefined);

/**
 * Register the Box `ref` as a list: `rowAt(line)` is the pane row its line shows (read when a click comes,
 * so it may change on every frame without registering again).
 */
export function useMouseRows(ref: RefObject<DOMElement | null>, rowAt: (line: number) => number | undefined) {
  const targets = useContext(MouseTargetsContext);
  const latest = useRef(rowAt);
  latest.current = rowAt;
  useEffect(() => {
    if (!targets) return;
    return targets.add({
      kind: "rows",
      rect: (): Rect | undefined => (ref.current ? measureElement(ref.current) : undefined),
      rowAt: (line) => latest.current(line),
    });
  }, [targets, ref]);
}

/** Register the Box `ref` as a chart: the wheel over it moves along the time. */
export function useMouseChart(ref: RefObject<DOMElement | null>) {
  const targets = useContext(MouseTargetsContext);
  useEffect(() => {
    if (!targets) return;
    return targets.add({
      kind: "chart",
      rect: (): Rect | undefined => (ref.current ? measureElement(ref.current) : undefined),
    });
  }, [targets, ref]);
}
