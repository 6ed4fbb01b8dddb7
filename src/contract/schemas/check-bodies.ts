/**
 * The body of each check type as written (beyond the seed: hosted `POST /v1/checks/{kind}` and
 * `PUT /v1/checks/{kind}/{id}`) — ONE schema per type, in the type's file (src/contract/check-types/,
 * built from check-body-parts.ts), used by the client before it sends (src/api/checks.ts) and by the
 * embedded service to validate creates and merged updates and fill the hosted defaults
 * (src/service/app/checks.ts, the demo). The response times' defaults and bounds come from the type's spec.
 */
import type { z } from "zod";
import { CHECK_TYPE_DEFS } from "../check-types/registry.ts";

export { RETRY_DEFAULTS, RETRY_LIMITS } from "./check-body-parts.ts";

type WithBody = Extract<(typeof CHECK_TYPE_DEFS)[number], { body: z.ZodType }>;

/** URL segment of `/v1/checks/{segment}` → check type and its body schema (the types that have one). */
export const CHECK_KINDS = Object.fromEntries(
  CHECK_TYPE_DEFS.flatMap((d) =>
    // `schema` read through: a type builds its body the first time it is read (check-body-parts.ts `lazy`)
    "body" in d
      ? [
          [
            d.kind,
            {
              checkType: d.type,
              get schema() {
                return d.body;
              },
            },
          ],
        ]
      : [],
  ),
) as { [D in WithBody as D["kind"]]: { checkType: D["type"]; schema: D["body"] } };

export type CheckKind = keyof typeof CHECK_KINDS;

/** The kinds of CHECK_KINDS as a typed list (the types that have a body, in the registry's order). */
export const CHECK_KIND_LIST: readonly CheckKind[] = CHECK_TYPE_DEFS.flatMap((d) =>
  "body" in d ? [d.kind] : [],
);

/** The input of a kind's body, as a caller writes it. */
export type CheckBodyInput<K extends CheckKind> = z.input<(typeof CHECK_KINDS)[K]["schema"]>;

export function kindOfType(checkType: string): CheckKind | undefined {
  return CHECK_KIND_LIST.find((k) => CHECK_KINDS[k].checkType === checkType);
}
