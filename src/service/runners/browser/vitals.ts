/**
 * Web vitals from the browser's own performance entries, per page: an init script (added to the browser
 * context before the user's script runs, so every page the script opens has it) records paint, largest
 * contentful paint, layout shift and long-task entries as they come (`buffered: true` also gets those from
 * before the observer), and `VITALS_READ` reads them with the navigation timing:
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
  const observe = (type, fn) => { try { new PerformanceObserver((l) => l.getEntries().forEach(fn)).observe({ type, buffered: true }); } catch {} };
  observe("paint", (e) => { if (e.name === "first-contentful-paint") v.fcp = e.startTime; });
  observe("largest-contentful-paint", (e) => { v.lcp = e.renderTime || e.loadTime || e.startTime; });
  observe("layout-shift", (e) => { if (!e.hadRecentInput) v.cls += e.value; });
  observe("longtask", (e) => { v.longTasks.push([e.startTime, e.duration]); });
})()`;

export const VITALS_READ = `(() => {
  const v = globalThis.__vigilVitals || { fcp: null, lcp: null, cls: 0, longTasks: [] };
  const nav = performance.getEntriesByType("navigation")[0];
  const fcp = v.fcp;
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
