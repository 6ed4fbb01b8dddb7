/**
 * The demo heartbeat job: pings a heartbeat check's ping URL about every `periodMs`, like a cron job,
 * and now and then late (1 in 8 pings comes 1.2–1.6 periods after the previous one) so the heartbeat
 * shows GRACE/LATE events. Network errors are ignored (the service may be stopping).
 */

export function startDemoHeartbeatJob(opts: { pingUrl: string; periodMs: number }): {
  /** No ping starts after this; resolves once the one in flight, if any, has ended. */
  stop(): Promise<void>;
} {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let inFlight: Promise<void> = Promise.resolve();
  const schedule = () => {
    if (stopped) return;
    const late = Math.random() < 1 / 8;
    const factor = late ? 1.2 + Math.random() * 0.4 : 0.95 + Math.random() * 0.05;
    timer = setTimeout(ping, Math.round(opts.periodMs * factor));
    timer.unref?.();
  };
  const ping = () => {
    if (stopped) return;
    inFlight = fetch(opts.pingUrl, { method: "POST", headers: { "user-agent": "vigil-demo-job/1 (cron)" } })
      .then((r) => r.body?.cancel())
      .catch(() => {})
      .finally(schedule);
  };
  ping();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
      return inFlight;
    },
  };
}
