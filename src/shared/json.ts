/**
 * Reading parsed JSON (a stored document, a run's detail, a setting) without casting it: an object is a
 * plain `{…}` (not a list, not null), and a member is taken only when it is what the caller asks for.
 */
export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** The object member `key` of `o`, when it is an object. */
export const objectIn = (o: Record<string, unknown>, key: string): Record<string, unknown> | undefined => {
  const v = o[key];
  return isObject(v) ? v : undefined;
};

/** The member `key` of `o`, when it is a string. */
export const stringIn = (o: Record<string, unknown>, key: string): string | undefined => {
  const v = o[key];
  return typeof v === "string" ? v : undefined;
};
