/**
 * The pieces alert channel types' configs are built from (each type's config is in its file under
 * src/contract/channel-types/). As read, lenient: every member may be missing or null, unknown members are
 * kept; as written (common.ts): required members as documented, `null` means not given, unknown members
 * are dropped.
 */
import { z } from "zod";
import { opt } from "./common.ts";

/** A text member as read. */
export const str = z.string().nullish();

/** `{key, value, locked}` as used by webhook headers and query parameters, as read. */
export const keyValueSchema = z.looseObject({ key: z.string(), value: str, locked: z.boolean().nullish() });

/** `{key, value, locked}` as written. */
export const keyValueInput = z.object({
  key: z.string().min(1),
  value: z.string(),
  locked: opt(z.boolean()),
});

/** A phone number and its name (SMS and CALL channels), as read. */
export const phoneConfigSchema = z.looseObject({ name: str, number: str });

/** A phone number and its name, as written. */
export const phoneConfigIn = z.object({ name: z.string().min(1), number: z.string().min(1) });
