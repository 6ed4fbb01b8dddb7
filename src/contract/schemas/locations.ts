/** Public run locations (api-notes §3.6, BEYOND THE SEED): `[{region, name}]`. */
import { z } from "zod";

export const locationSchema = z.looseObject({ region: z.string(), name: z.string() });
export type Location = z.infer<typeof locationSchema>;
export const locationListSchema = z.array(locationSchema);
