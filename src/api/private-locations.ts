/**
 * Private locations (seed §4.4, api-notes §7): create (201, the only answer carrying `rawKey`), read (with
 * `lastSeen` and `agentCount`), and — beyond the seed — list and update. The raw key and proxy
 * credentials are secrets: mask them with `maskPrivateLocation` (secrets.ts) before display.
 */

import {
  type PrivateLocation,
  type PrivateLocationCreateBody,
  type PrivateLocationUpdateBody,
  privateLocationCreateBodySchema,
  privateLocationListSchema,
  privateLocationSchema,
  privateLocationUpdateBodySchema,
} from "../contract/schemas/private-locations.ts";
import type { HttpClient } from "./http.ts";
import { pathId, validateInput } from "./input.ts";

export function privateLocationsApi(http: HttpClient) {
  return {
    /** POST /v1/private-locations → 201. `icon` defaults to "location". */
    async create(body: PrivateLocationCreateBody): Promise<PrivateLocation> {
      const b = validateInput(privateLocationCreateBodySchema, body, "private location");
      const res = await http.request({
        method: "POST",
        path: "/v1/private-locations",
        body: b,
        schema: privateLocationSchema,
      });
      return res.data;
    },

    async get(id: string): Promise<PrivateLocation> {
      const res = await http.request({
        method: "GET",
        path: `/v1/private-locations/${pathId(id, "private location id")}`,
        schema: privateLocationSchema,
      });
      return res.data;
    },

    /** Beyond the seed: GET /v1/private-locations (bare array, unpaginated). */
    async list(): Promise<PrivateLocation[]> {
      const res = await http.request({
        method: "GET",
        path: "/v1/private-locations",
        schema: privateLocationListSchema,
      });
      return res.data;
    },

    /** Beyond the seed: PUT /v1/private-locations/{id} with `{name, icon?, proxyUrl?}` (slugName is immutable). */
    async update(id: string, body: PrivateLocationUpdateBody): Promise<PrivateLocation> {
      const seg = pathId(id, "private location id");
      const b = validateInput(privateLocationUpdateBodySchema, body, "private location");
      const res = await http.request({
        method: "PUT",
        path: `/v1/private-locations/${seg}`,
        body: b,
        schema: privateLocationSchema,
      });
      return res.data;
    },
  };
}

export type PrivateLocationsApi = ReturnType<typeof privateLocationsApi>;
