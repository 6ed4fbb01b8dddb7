/**
 * Status-page email subscribers (hosted `/v1/status-pages/{id}/subscriptions`) and their notification:
 * when an incident update is created or updated with `notifySubscribers` true, every VERIFIED subscriber of
 * every status page showing one of the incident's services gets one email, stored in the outbox like any
 * alert delivery (kind SUBSCRIBER) and sent by the worker.
 *
 * Choices: a subscription added without `autoVerify` stays PENDING and gets no incident mail — the hosted
 * service mails a confirmation link, which a local service cannot offer; add local subscribers with
 * `autoVerify: true`. An address already subscribed to the page is skipped (counted in `skipped`).
 */
import type { Repo } from "../repo/store.ts";
import {
  addSubscriptions,
  deleteSubscription,
  listSubscriptions,
  type Subscription,
} from "../repo/subscriptions.ts";
import { NO_SMTP } from "./channels/email.ts";

// the subscriptions themselves are stored by repo/subscriptions.ts
export { addSubscriptions, deleteSubscription, listSubscriptions, type Subscription };

/**
 * Stores one email per VERIFIED subscriber of each page showing the incident's services. Call after the
 * update is stored; a no-op unless the update has `notifySubscribers` true. Returns the delivery ids.
 */
export function notifySubscribers(repo: Repo, incidentId: string, updateId: string, now: number): string[] {
  const update = repo.updateToNotify(incidentId, updateId);
  if (update?.notify_subscribers !== 1) return [];
  const incident = repo.incidentHead(incidentId);
  if (!incident) return [];
  const pages = repo.pagesShowingIncident(incidentId);
  const rt = repo.runtimeOf();
  const maxAttempts = (rt?.config.maxRetries ?? 5) + 1;
  const ids: string[] = [];
  repo.transaction(() => {
    for (const page of pages) {
      const subs = repo.verifiedSubscribers(page.id);
      for (const s of subs) {
        const mail = {
          to: s.address,
          subject: `[${page.name}] ${incident.name}: ${update.status}`,
          text: `${incident.name} (${incident.severity})\n\nStatus: ${update.status}\nPosted: ${update.public_date}\n\n${update.description}\n`,
        };
        const skipped = rt && !rt.config.smtpUrl;
        ids.push(
          repo.enqueue(
            {
              kind: "SUBSCRIBER",
              channelId: null,
              channelType: "EMAIL",
              statusPageId: page.id,
              incidentId,
              alertConfig: { address: s.address },
              payload: mail,
              ...(skipped ? { final: { status: "SKIPPED" as const, reason: NO_SMTP } } : {}),
            },
            now,
            maxAttempts,
          ),
        );
      }
    }
  });
  if (ids.length > 0) repo.wake();
  return ids;
}
