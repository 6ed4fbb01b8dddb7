/** The port a listening server is bound to (`server.address()` is a string for a pipe, null before listening). */
export function listeningPort(server: { address(): { port: number } | string | null }): number {
  const a = server.address();
  if (a === null || typeof a === "string") throw new Error("the server is not listening on a TCP port");
  return a.port;
}
