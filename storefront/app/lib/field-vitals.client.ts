import { onCLS, onINP, onLCP, onTTFB, type Metric } from "web-vitals";
import { MOBILE_MAX_WIDTH, VITAL_NAVIGATIONS } from "@tours/domain";

/**
 * Reports this page view's LCP, INP, CLS and TTFB (issue 27, decision 0022): one small JSON batch to the
 * storefront's own `/vitals` each time the page is hidden or left, with what web-vitals reported since the last
 * one. Each metric of the view goes once (its first final value), so one view is one sample per metric.
 * Loaded on its own chunk after hydration (root.tsx), so it adds nothing to the first-load JavaScript.
 */
export function reportFieldVitals(): void {
  const pending = new Map<string, Metric>();
  const sent = new Set<string>();
  const keep = (metric: Metric) => {
    if (!sent.has(metric.id)) pending.set(metric.id, metric);
  };
  onLCP(keep);
  onINP(keep);
  onCLS(keep);
  onTTFB(keep);

  const flush = () => {
    if (pending.size === 0) return;
    const metrics = [...pending.values()];
    pending.clear();
    for (const m of metrics) sent.add(m.id);
    const navigation = metrics[0]!.navigationType;
    const body = JSON.stringify({
      path: location.pathname,
      device: innerWidth < MOBILE_MAX_WIDTH ? "mobile" : "desktop",
      navigation: (VITAL_NAVIGATIONS as readonly string[]).includes(navigation) ? navigation : "navigate",
      metrics: metrics.map((m) => ({ name: m.name, value: m.value, rating: m.rating })),
    });
    const blob = new Blob([body], { type: "application/json" });
    if (!navigator.sendBeacon?.("/vitals", blob)) {
      void fetch("/vitals", { method: "POST", body, keepalive: true, headers: { "Content-Type": "application/json" } }).catch(() => {});
    }
  };
  // on the document, after web-vitals' own listeners on the window (capture), which report the final values first
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") flush();
  });
  addEventListener("pagehide", flush);
  // like root.tsx's data-hydrated: end-to-end tests wait for it before leaving a page whose beacon they expect
  document.documentElement.dataset.fieldVitals = "on";
}
