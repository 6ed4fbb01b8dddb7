/**
 * undici's HTTP/1.1 client without its index. The index loads all of undici at once — fetch, WebSocket,
 * EventSource, the caches, the mocks, the proxy agents — ~13 MB of a bare Node's memory, ~2.4 MB of the
 * console's at 10,000 checks (its other modules share the rest), for a client that uses an Agent,
 * `request` and the error classes. These are the modules the index re-exports for them, imported by their
 * paths in the package (undici has no `exports` map; the version is pinned by the lockfile and by
 * patches/undici+8.12.4.patch, and test/api/undici-core.test.ts checks them against the index's).
 * docs/undici-patch.md says more.
 */
import type { Dispatcher } from "undici";
import apiRequest from "undici/lib/api/api-request.js";
import errorClasses from "undici/lib/core/errors.js";
import AgentClass from "undici/lib/dispatcher/agent.js";

export const Agent = AgentClass;
export const errors = errorClasses;

/**
 * undici's `request(url, { dispatcher, ... })`: the URL split into origin and path as the index's
 * wrapper does, then the dispatcher's own request.
 */
export function request(
  url: string,
  opts: Omit<Dispatcher.RequestOptions, "origin" | "path"> & { dispatcher: Dispatcher },
): Promise<Dispatcher.ResponseData> {
  const { dispatcher, ...rest } = opts;
  const u = new URL(url);
  return apiRequest.call(dispatcher, {
    ...rest,
    origin: u.origin,
    path: u.search ? `${u.pathname}${u.search}` : u.pathname,
  });
}
