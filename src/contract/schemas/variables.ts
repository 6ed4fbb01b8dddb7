/**
 * Account environment variables (hosted `/v1/variables`, beyond the seed). Webhook templates reference the
 * non-secret ones like event variables (api-notes §6.1: "account environment variables are referenced the
 * same way"); secret ones are never rendered into alerts and read back with `value: null`.
 */
import { z } from "zod";
import { opt, optOr } from "./common.ts";

export const variableSchema = z.looseObject({
  key: z.string(),
  value: z.string().nullable(),
  locked: z.boolean().nullish(),
  secret: z.boolean().nullish(),
});
export type Variable = z.infer<typeof variableSchema>;
export const variableListSchema = z.array(variableSchema);

/** A template-safe name: letters, digits and `_`, not starting with a digit. */
export const variableKeySchema = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[A-Za-z_][A-Za-z0-9_]*$/);

export const variableCreateBodySchema = z.object({
  key: variableKeySchema,
  value: z.string().max(10_000),
  locked: optOr(z.boolean(), false),
  secret: optOr(z.boolean(), false),
});
/**
 * PUT body. The hosted description refuses any member but value/locked/secret and requires `value`; real
 * clients send the variable back as read (with `key`, dates, and `value: null` for a secret one), so the
 * path's key wins, other members are ignored, and a missing or null `value` keeps the stored one.
 */
export const variableUpdateBodySchema = z.object({
  value: opt(z.string().max(10_000)),
  locked: opt(z.boolean()),
  secret: opt(z.boolean()),
});
