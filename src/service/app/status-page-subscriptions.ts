/**
 * Status-page email subscribers (hosted OpenAPI, beyond the seed): `GET /v1/status-pages/{id}/subscriptions`
 * (bare array), `POST …/subscriptions/bulk` (201 `{created, skipped, status}`), `DELETE …/{subscriptionId}`
 * (204). Unknown page or subscription → 404. Notification rules: src/service/alerts/subscribers.ts.
 */
import { statusPageSubscriptionsBulkBodySchema } from "../../contract/schemas/status-page-subscriptions.ts";
import type { ServiceApp, ServiceContext } from "../context.ts";
import { notFound } from "../errors.ts";
import { parseBody } from "./validate.ts";

export function register(app: ServiceApp, ctx: ServiceContext): void {
  const page = (id: string | undefined): string => {
    if (!id || !ctx.repo.pageExists(id)) throw notFound("Status page not found");
    return id;
  };

  app.get("/v1/status-pages/:id/subscriptions", (c) =>
    c.json(ctx.repo.listSubscriptions(page(c.req.param("id")))),
  );

  app.post("/v1/status-pages/:id/subscriptions/bulk", async (c) => {
    const id = page(c.req.param("id"));
    const body = await parseBody(c, statusPageSubscriptionsBulkBodySchema);
    const r = ctx.repo.addSubscriptions(
      id,
      body.subscriptions.map((s) => s.config),
      body.autoVerify,
      ctx.now(),
    );
    return c.json({ ...r, status: body.autoVerify ? "VERIFIED" : "PENDING" }, 201);
  });

  app.delete("/v1/status-pages/:id/subscriptions/:subscriptionId", (c) => {
    const id = page(c.req.param("id"));
    if (!ctx.repo.deleteSubscription(id, c.req.param("subscriptionId")))
      throw notFound("Subscription not found");
    return c.body(null, 204);
  });
}
