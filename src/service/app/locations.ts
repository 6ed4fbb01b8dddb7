/** `GET /v1/locations`: the 22 public regions (api-notes §3.6). */
import { REGIONS } from "../../shared/regions.ts";
import type { ServiceApp, ServiceContext } from "../context.ts";

export function register(app: ServiceApp, _ctx: ServiceContext): void {
  app.get("/v1/locations", (c) => c.json(REGIONS.map((r) => ({ ...r }))));
}
