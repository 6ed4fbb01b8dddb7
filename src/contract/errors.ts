/**
 * The base of every error vigil raises on purpose, in the client, the service and the command line: its
 * `message` is one line that is safe to print (no key, no secret). The exit code a command ends with is
 * src/cli/exit-codes.ts's one table; `exitCode` is the default it falls back to.
 */
export abstract class VigilError extends Error {
  /** Exit code the CLI uses for this error (1 = API/network, 2 = usage). */
  readonly exitCode: number = 1;
}
