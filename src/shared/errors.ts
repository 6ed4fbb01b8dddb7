/**
 * What a caught value says, without casting it: a `catch (err)` holds `unknown` (an Error, or anything a
 * library threw), and these read it whatever it is.
 */

/** The message of an Error, or the thrown value as text. */
export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** The `code` of a Node.js system error (`ENOENT`, `EPERM`, `ERR_SQLITE_ERROR`…), if it has one. */
export function errorCode(err: unknown): string | undefined {
  return typeof err === "object" && err !== null && "code" in err && typeof err.code === "string"
    ? err.code
    : undefined;
}
