// Types for the three modules of undici's core that src/api/undici-core.ts imports by path (undici's
// own types describe only its index): the same classes and function its index exports.
declare module "undici/lib/dispatcher/agent.js" {
  import type { Agent } from "undici";

  const AgentClass: typeof Agent;
  export default AgentClass;
}
declare module "undici/lib/api/api-request.js" {
  import type { Dispatcher } from "undici";

  /** Dispatcher.prototype.request before undici's index assigns it: called with the dispatcher as `this`. */
  function request(this: Dispatcher, opts: Dispatcher.RequestOptions): Promise<Dispatcher.ResponseData>;
  export default request;
}
declare module "undici/lib/core/errors.js" {
  import type { errors } from "undici";

  const errorClasses: typeof errors;
  export default errorClasses;
}
