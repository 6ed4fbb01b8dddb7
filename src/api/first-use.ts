/**
 * A module imported the first time a request needs it, then kept: the schemas of the endpoints a console
 * may never call on its first screen (a check as read, its results and alerts, heartbeat events, alert
 * channels, notifications, status page subscriptions, variables) are built when one is first called, not
 * when the console starts (each family is tens to hundreds of zod schemas;
 * test/cli/console-start-graph.test.ts). A failed import is tried again at the next call.
 */
export function onFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((e: unknown) => {
      loading = undefined;
      throw e;
    });
    return loading;
  };
}
