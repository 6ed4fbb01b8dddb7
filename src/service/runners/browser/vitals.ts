/**
 * Web vitals from the browser's own performance entries, per page: an init script (added to the browser
 * context before the user's script runs, so every page the script opens has it) records paint, largest
 * contentful paint, layout shift and long-task entries as they come (`buffered: true` also gets those from
 * before the observer), and `vitalsRead` reads them with the navigation timing. A script may end before its
 * last page has painted (an assertion passes on the parsed DOM; the paint follows, later on a busy machine):
 * the read first waits for the page's first contentful paint, up to `waitMs` — the entries carry
 * their own times, so waiting changes no value, it only lets a paint that is coming be recorded. A page that
 * shows nothing within that time (or is hidden, or never left about:blank: no wait) has no FCP/LCP: not
 * recorded, never a guess.
 * - TTFB: navigation `responseStart` (ms from the start of navigation);
 * - FCP: the `first-contentful-paint` paint entry;
 * - LCP: the last `largest-contentful-paint` candidate (renderTime, else loadTime, else startTime);
 * - CLS: the sum of layout shifts without recent input;
 * - TBT: the sum over long tasks after FCP of their time beyond 50 ms.
 * Strings, not functions: they run in the page, not in Node.
 */

export const VITALS_INIT = `(() => {
  if (globalThis.__vigilVitals) return;
  const v = { fcp: null, lcp: null, cls: 0, tbt: 0, longTasks: [] };
  globalThis.__vigilVitals = v;
  const observers = [];
  // takeRecords: entries queued for an observer whose callback has not run yet
  v.flush = () => { for (const [o, fn] of observers) o.takeRecords().forEach(fn); };
  const observe = (type, fn) => { try { const o = new PerformanceObserver((l) => l.getEntries().forEach(fn)); o.observe({ type, buffered: true }); observers.push([o, fn]); } catch {} };
  observe("paint", (e) => { if (e.name === "first-contentful-paint") v.fcp = e.startTime; });
  observe("largest-contentful-paint", (e) => { v.lcp = e.renderTime || e.loadTime || e.startTime; });
  observe("layout-shift", (e) => { if (!e.hadRecentInput) v.cls += e.value; });
  observe("longtask", (e) => { v.longTasks.push([e.startTime, e.duration]); });
})()`;

/** The longest a read waits for a page's first contentful paint. */
export const PAINT_WAIT_MS = 3000;

/** The page's vitals, once it has painted or `waitMs` has passed. */
export const vitalsRead = (waitMs: number): string => `(async () => {
  const v = globalThis.__vigilVitals || { fcp: null, lcp: null, cls: 0, longTasks: [], flush: () => {} };
  const painted = () => performance.getEntriesByType("paint").some((e) => e.name === "first-contentful-paint");
  const until = Date.now() + ${Math.max(0, Math.round(waitMs))};
  // a page never navigated (about:blank, the one every script is given) or hidden has no paint coming
  const coming = location.protocol !== "about:" && document.visibilityState === "visible";
  while (coming && !painted() && Date.now() < until)
    await new Promise((r) => setTimeout(r, 20));
  v.flush();
  const paint = performance.getEntriesByType("paint").find((e) => e.name === "first-contentful-paint");
  const nav = performance.getEntriesByType("navigation")[0];
  const fcp = v.fcp !== null ? v.fcp : paint ? paint.startTime : null;
  let tbt = 0;
  for (const [start, duration] of v.longTasks) if (fcp !== null && start >= fcp) tbt += Math.max(0, duration - 50);
  return {
    url: location.href,
    TTFB: nav ? nav.responseStart : null,
    FCP: fcp,
    LCP: v.lcp !== null ? v.lcp : fcp,
    CLS: Math.round(v.cls * 10000) / 10000,
    TBT: Math.round(tbt),
  };
})()`;

export type PageVitals = {
  url: string;
  TTFB: number | null;
  FCP: number | null;
  LCP: number | null;
  CLS: number;
  TBT: number;
};

/** What the page's read (vitalsRead) gave back, checked field by field: anything else is an Error naming it. */
export function readVitals(v: unknown): PageVitals {
  if (typeof v !== "object" || v === null) throw new Error("the page's vitals are not an object");
  const o: Record<string, unknown> = { ...v };
  const num = (k: string): number => {
    if (typeof o[k] === "number") return o[k];
    throw new Error(`the page's vitals: "${k}" is not a number`);
  };
  const numOrNull = (k: string): number | null => (o[k] === null ? null : num(k));
  if (typeof o.url !== "string") throw new Error(`the page's vitals: "url" is not text`);
  return {
    url: o.url,
    TTFB: numOrNull("TTFB"),
    FCP: numOrNull("FCP"),
    LCP: numOrNull("LCP"),
    CLS: num("CLS"),
    TBT: num("TBT"),
  };
}
