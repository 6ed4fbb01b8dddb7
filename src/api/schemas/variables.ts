/**
 * Account environment variables (hosted `/v1/variables`, beyond the seed). Webhook templates reference the
 * non-secret ones like event variables (api-notes §6.1: "account environment variables are referenced the
 * same way"); secret ones are never rendered into alerts and read back with `value: null`.
 */
import { z } from "zod";

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

export const variableCreateBodySchema = z.strictObject({
  key: variableKeySchema,
  value: z.string().max(10_000),
  locked: z.boolean().default(false),
  secret: z.boolean().default(false),
});
export const variableUpdateBodySchema = z.strictObject({
  value: z.string().max(10_000),
  locked: z.boolean().optional(),
  secret: z.boolean().optional(),
});
