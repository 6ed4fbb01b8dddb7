/**
 * A new private location (`n` on the locations pane): name, slug, icon, proxy URL. ONE POST; its raw key
 * is put in the one-time panel and nowhere else — never in a draft, a notice or a log. Kept in no draft:
 * the proxy URL may carry a password. A lost answer is resolved by looking for its slug (slugs are unique).
 */
import {
  type PrivateLocationCreateBody,
  privateLocationCreateBodySchema,
  proxyUrlSchema,
  slugNameSchema,
} from "../../../contract/schemas/private-locations.ts";
import { maskUrlCredentials } from "../../../contract/secrets.ts";
import { errorLine } from "../../data/loaders.ts";
import { listLoaded } from "../../data/slices.ts";
import { apply } from "../../state.ts";
import { locationRead, setOnce } from "../../view/work.ts";
import { errors, firstIssue } from "../rules.ts";
import { certainlyNotApplied, failed } from "../send.ts";
import { type FormState, makeForm, text } from "../types.ts";
import type { FormKindSpec, SendDeps, Sender } from "./spec.ts";

function open(): FormState {
  return makeForm({
    kind: "location",
    title: "New private location",
    target: {},
    fields: [
      { key: "name", label: "name", type: "text" },
      { key: "slugName", label: "slug", type: "text" },
      { key: "icon", label: "icon", type: "text" },
      { key: "proxyUrl", label: "proxy URL", type: "text", maskUrl: true },
    ],
    values: { name: "", slugName: "", icon: "location", proxyUrl: "" },
  });
}

function validate(f: FormState): Record<string, string> {
  const proxy = text(f, "proxyUrl").trim();
  return errors([
    ["name", firstIssue(privateLocationCreateBodySchema.shape.name, text(f, "name"))],
    ["slugName", firstIssue(slugNameSchema, text(f, "slugName"))],
    ["icon", text(f, "icon").trim() === "" ? "must not be empty" : undefined],
    ["proxyUrl", proxy === "" ? undefined : firstIssue(proxyUrlSchema, proxy)],
  ]);
}

export function locationBody(f: FormState): PrivateLocationCreateBody {
  const proxy = text(f, "proxyUrl").trim();
  return {
    name: text(f, "name").trim(),
    slugName: text(f, "slugName").trim(),
    icon: text(f, "icon").trim(),
    ...(proxy ? { proxyUrl: proxy } : {}),
  };
}

function sender(deps: SendDeps): Sender {
  const { client, store } = deps;
  return {
    confirm: (f) => ({
      title: `Create private location "${text(f, "name").trim()}"?`,
      lines: [
        `slug: ${text(f, "slugName").trim()}   icon: ${text(f, "icon").trim()}`,
        `proxy URL: ${maskUrlCredentials(text(f, "proxyUrl").trim()) || "—"}`,
        "Its key is shown once, right after it is created.",
      ],
    }),
    async send(f) {
      const body = locationBody(f);
      try {
        const created = await client.privateLocations.create(body);
        const raw = (created.keys ?? []).map((k) => k.rawKey).find((k): k is string => !!k);
        // the stored copy keeps the masked keys only
        const shown = { ...created, keys: (created.keys ?? []).map(({ rawKey: _raw, ...k }) => k) };
        apply(store, locationRead(store.getState(), shown));
        apply(
          store,
          listLoaded("privateLocations", [...store.getState().privateLocations.items, shown], deps.now()),
        );
        apply(
          store,
          setOnce(store.getState(), {
            title: `Private location "${created.name}" created (${created.slugName})`,
            lines: raw
              ? [
                  "Its key — copy it now: it will NOT be shown again (only a masked form from now on).",
                  "Agents use it to pull checks for this location.",
                ]
              : ["The service returned no raw key for it."],
            secret: raw ?? "",
          }),
        );
        return { ok: true, notice: `private location ${created.slugName} created` };
      } catch (e) {
        if (certainlyNotApplied(e)) return failed(e, f);
        // Outcome unknown: did it land? Slugs are unique, so look for it.
        const found = await client.privateLocations
          .list()
          .then((all) => all.find((l) => l.slugName === body.slugName))
          .catch(() => undefined);
        if (found)
          return {
            ok: true,
            notice: `${body.slugName} was created, but the answer (with its key) was lost: the key cannot be shown again`,
          };
        return { ok: false, error: `${errorLine(e)} — not created; Enter retries` };
      }
    },
  };
}

export const location = {
  open,
  validate,
  draft: { never: "its proxy URL may carry a password" },
  sender,
} satisfies FormKindSpec;
