/** Public run locations (api-notes §3.6, BEYOND THE SEED). */

import { type Location, locationListSchema } from "../contract/schemas/locations.ts";
import type { HttpClient } from "./http.ts";

export function locationsApi(http: HttpClient) {
  return {
    async list(opts: { signal?: AbortSignal } = {}): Promise<Location[]> {
      const res = await http.request({
        method: "GET",
        path: "/v1/locations",
        schema: locationListSchema,
        signal: opts.signal,
      });
      return res.data;
    },
  };
}
