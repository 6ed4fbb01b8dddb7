/**
 * Account environment variables (hosted `/v1/variables`, beyond the seed): list (bare array), create (201,
 * 409 when the key exists), read, update (PUT), delete (204). Secret variables read back with
 * `value: null`. Non-secret variables are the user-defined variables of webhook templates
 * (src/service/repo/variables.ts).
 */
import {
  variableCreateBodySchema,
  variableKeySchema,
  variableUpdateBodySchema,
} from "../../contract/schemas/variables.ts";
import type { ServiceApp, ServiceContext } from "../context.ts";
import { notFound, ServiceError } from "../errors.ts";
import { isoMs } from "../repo/util.ts";
import { parseBody, validate } from "./validate.ts";

const NOT_FOUND = "Environment variable not found";

export function register(app: ServiceApp, ctx: ServiceContext): void {
  const key = (k: string | undefined) => validate(variableKeySchema, k ?? "", "params");

  app.get("/v1/variables", (c) => c.json(ctx.repo.listVariables()));

  app.post("/v1/variables", async (c) => {
    const body = await parseBody(c, variableCreateBodySchema);
    if (ctx.repo.getVariable(body.key))
      throw new ServiceError(409, `Environment variable ${body.key} already exists`);
    ctx.repo.putVariable(body, isoMs(ctx.now()));
    return c.json(ctx.repo.getVariable(body.key), 201);
  });

  app.get("/v1/variables/:key", (c) => {
    const v = ctx.repo.getVariable(key(c.req.param("key")));
    if (!v) throw notFound(NOT_FOUND);
    return c.json(v);
  });

  app.put("/v1/variables/:key", async (c) => {
    const k = key(c.req.param("key"));
    const existing = ctx.repo.getVariable(k);
    if (!existing) throw notFound(NOT_FOUND);
    const body = await parseBody(c, variableUpdateBodySchema);
    ctx.repo.putVariable(
      {
        key: k,
        value: body.value,
        locked: body.locked ?? existing.locked,
        secret: body.secret ?? existing.secret,
      },
      isoMs(ctx.now()),
    );
    return c.json(ctx.repo.getVariable(k));
  });

  app.delete("/v1/variables/:key", (c) => {
    if (!ctx.repo.deleteVariable(key(c.req.param("key")))) throw notFound(NOT_FOUND);
    return c.body(null, 204);
  });
}
