/**
 * The account's non-secret variables, which webhook templates can use (the console's preview reads them as
 * `vigil webhook render` does). A service without `/v1/variables` (404) has none; any other failure is the
 * caller's (the poller's job fails and the status line says so), not an empty list.
 */
import type { Client } from "../../api/client.ts";
import { ApiError } from "../../api/errors.ts";
import { onFirstUse } from "../../api/first-use.ts";

/** The variables' schemas, built at the first read (the alerts pane's preview), not when the console starts. */
const schemas = onFirstUse(() => import("../../contract/schemas/variables.ts"));

export async function readVariables(client: Client): Promise<Record<string, string>> {
  const { variableListSchema } = await schemas();
  const list = await client.http
    .request({ method: "GET", path: "/v1/variables", schema: variableListSchema })
    .then((r) => r.data)
    .catch((e: unknown) => {
      if (e instanceof ApiError && e.status === 404) return [];
      throw e;
    });
  const out: Record<string, string> = {};
  for (const v of list) if (!v.secret && typeof v.value === "string") out[v.key] = v.value;
  return out;
}
