/**
 * Health endpoints, without a key (they tell nothing about the data), for process supervisors, container
 * health checks and load balancers:
 *
 * - `GET /healthz` — liveness: the process answers HTTP. 200 `{"status":"ok"}`.
 * - `GET /readyz` — readiness: the service has finished starting, is not stopping, and its database
 *   answers. 200 `{"status":"ready"}`, else 503 `{"status":"starting"|"stopping"|"unavailable", "reason"}`.
 *
 * `HEAD` works on both (no body).
 */

import { errorMessage } from "../../shared/errors.ts";
import type { ServiceApp, ServiceContext } from "../context.ts";

export function register(app: ServiceApp, ctx: ServiceContext): void {
  app.get("/healthz", (c) => c.json({ status: "ok" }));
  app.get("/readyz", (c) => {
    const phase = ctx.lifecycle?.() ?? "ready";
    if (phase !== "ready")
      return c.json(
        {
          status: phase,
          reason: phase === "starting" ? "the service is starting" : "the service is stopping",
        },
        503,
      );
    try {
      ctx.repo.getMeta("account_id");
    } catch (err) {
      return c.json({ status: "unavailable", reason: `database: ${errorMessage(err)}` }, 503);
    }
    return c.json({ status: "ready" });
  });
}
