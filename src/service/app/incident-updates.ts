/**
 * Incident updates (seed §4.6): read and PUT, plus hosted-style create (201: the hosted description and
 * api-notes §1.2 say 200, but its SDKs expect 201 Created for every create; README "Compatibility"),
 * list (the latest 100, newest first, bare array) and delete (204). A PUT replaces description, status,
 * date and notifySubscribers; fields it omits keep their stored value except `notifySubscribers` (default
 * false, as in the hosted body). Every change touches the incident's `updated_at`. A created or updated
 * update with `notifySubscribers` true mails the verified subscribers of the status pages showing the
 * incident (src/service/alerts/subscribers.ts, through the alert outbox).
 */
import type { Context } from "hono";
import {
  incidentUpdateCreateBodySchema,
  incidentUpdateUpdateBodySchema,
} from "../../contract/schemas/incidents.ts";
import { notifySubscribers } from "../alerts/subscribers.ts";
import type { ServiceApp, ServiceContext } from "../context.ts";
import { notFound } from "../errors.ts";
import { isoMs } from "../repo/util.ts";
import { INCIDENT_NOT_FOUND } from "./incidents.ts";
import { parseBody } from "./validate.ts";

const NOT_FOUND = "Incident update not found";

function incidentId(ctx: ServiceContext, c: Context): string {
  const id = c.req.param("incidentId") ?? "";
  if (!ctx.repo.incidentExists(id)) throw notFound(INCIDENT_NOT_FOUND);
  return id;
}

export function register(app: ServiceApp, ctx: ServiceContext): void {
  const base = "/v1/status-pages/incidents/:incidentId/incident-updates";

  app.get(base, (c) => c.json(ctx.repo.latestUpdates(incidentId(ctx, c), 100)));

  app.post(base, async (c) => {
    const incId = incidentId(ctx, c);
    const body = await parseBody(c, incidentUpdateCreateBodySchema);
    const now = isoMs(ctx.now());
    const current = ctx.repo.latestStatus(incId, ctx.now()) ?? ctx.repo.fallbackStatus(incId);
    const id = ctx.repo.transaction(() => {
      const newId = ctx.repo.insertUpdate(
        incId,
        {
          description: body.description,
          status: body.status ?? current ?? "INVESTIGATING",
          publicIncidentUpdateDate: body.publicIncidentUpdateDate ?? now,
          notifySubscribers: body.notifySubscribers,
        },
        now,
      );
      ctx.repo.touchIncident(incId, now);
      return newId;
    });
    notifySubscribers(ctx.repo, incId, id, ctx.now());
    return c.json(ctx.repo.getUpdate(incId, id), 201);
  });

  app.get(`${base}/:updateId`, (c) => {
    const u = ctx.repo.getUpdate(incidentId(ctx, c), c.req.param("updateId"));
    if (!u) throw notFound(NOT_FOUND);
    return c.json(u);
  });

  app.put(`${base}/:updateId`, async (c) => {
    const incId = incidentId(ctx, c);
    const updateId = c.req.param("updateId");
    const existing = ctx.repo.getUpdate(incId, updateId);
    if (!existing) throw notFound(NOT_FOUND);
    const body = await parseBody(c, incidentUpdateUpdateBodySchema);
    const now = isoMs(ctx.now());
    ctx.repo.transaction(() => {
      ctx.repo.updateUpdate(
        incId,
        updateId,
        {
          description: body.description,
          status: body.status ?? existing.status,
          publicIncidentUpdateDate: body.publicIncidentUpdateDate ?? existing.publicIncidentUpdateDate,
          notifySubscribers: body.notifySubscribers,
        },
        now,
      );
      ctx.repo.touchIncident(incId, now);
    });
    notifySubscribers(ctx.repo, incId, updateId, ctx.now());
    return c.json(ctx.repo.getUpdate(incId, updateId));
  });

  app.delete(`${base}/:updateId`, (c) => {
    const incId = incidentId(ctx, c);
    if (!ctx.repo.deleteUpdate(incId, c.req.param("updateId"))) throw notFound(NOT_FOUND);
    ctx.repo.touchIncident(incId, isoMs(ctx.now()));
    return c.body(null, 204);
  });
}
