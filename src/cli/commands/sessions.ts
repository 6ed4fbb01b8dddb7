/** `vigil sessions get|wait ID`: read a check session, or follow it to completion. */
import type { ResourceSpec } from "../command.ts";
import { printSessionDetail, sessionPassed } from "./sessions-view.ts";

export const sessionsCommand: ResourceSpec = {
  name: "sessions",
  summary: "read check sessions and wait for them to finish",
  verbs: [
    {
      name: "get",
      summary: "show a check session with its results",
      positionals: [{ name: "SESSION_ID" }],
      async run(ctx) {
        const s = await ctx.client.checkSessions.get(ctx.args.need("SESSION_ID"));
        if (ctx.out.json) return ctx.out.printJson(s);
        printSessionDetail(ctx.out, s);
      },
    },
    {
      name: "wait",
      summary: "wait until a check session finishes; exit 1 unless it passed",
      positionals: [{ name: "SESSION_ID" }],
      options: {
        timeout: { type: "string", value: "SECONDS", help: "give up after this long (default 300)" },
      },
      notes: [
        "Exit status: 0 when the session PASSED or DEGRADED, 1 when it FAILED, TIMED_OUT or was CANCELLED.",
      ],
      async run(ctx) {
        const timeout = ctx.args.int("timeout", { min: 1, max: 86_400 }) ?? 300;
        const id = ctx.args.need("SESSION_ID");
        const s = await ctx.client.checkSessions.waitForCompletion(id, {
          deadlineMs: timeout * 1000,
          signal: ctx.signal,
        });
        if (ctx.out.json) ctx.out.printJson(s);
        else printSessionDetail(ctx.out, s);
        if (!sessionPassed(s)) {
          ctx.out.note(`vigil: session ${s.checkSessionId} (${s.name ?? s.checkId}) finished ${s.status}`);
          return 1;
        }
      },
    },
  ],
};
