/**
 * The alert channels list read with each channel's subscriptions apart (json-array-reader.ts `apart`),
 * without the network: a body in pieces reads as the list's schema reads JSON.parse of the whole — every
 * type of channel, subscriptions empty, null, absent, a `subscriptions` inside a config — with the thread
 * handed back meanwhile, also inside one channel's subscriptions; what the whole schema refuses is refused,
 * naming the subscription that does not fit.
 */
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { ArrayShapeError, readJsonArray } from "../../src/api/json-array-reader.ts";
import {
  alertChannelListSchema,
  alertChannelSchema,
  alertChannelSubscriptionSchema,
} from "../../src/contract/schemas/alert-channels.ts";
import { chatAppChannel, emailChannel, webhookChannel } from "../support/fixtures-b.ts";

const apart = { member: "subscriptions", element: alertChannelSubscriptionSchema };
const sub = (i: number) =>
  i % 10 === 0
    ? { id: i, checkId: null, groupId: i, activated: false }
    : {
        id: i,
        checkId: `0bbfc00c-44df-46a7-a4d9-${String(i).padStart(12, "0")}`,
        groupId: null,
        activated: true,
        x: "é💥",
      };
const subs = (n: number) => Array.from({ length: n }, (_, i) => sub(i + 1));

/** `text` as bytes in pieces of `size` (a UTF-8 character cut between two of them). */
function piecesOf(text: string, size: number): Buffer[] {
  const bytes = Buffer.from(text);
  const out: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) out.push(bytes.subarray(i, i + size));
  return out;
}

async function read(list: unknown[], size = 997) {
  return readJsonArray(Readable.from(piecesOf(JSON.stringify(list), size)), alertChannelSchema, {
    apart,
    sliceChars: 4096,
  });
}

describe("readJsonArray, each channel's subscriptions apart", () => {
  it("reads as the list's schema reads the whole, handing the thread back inside a channel", async () => {
    const { subscriptions: _, ...bare } = emailChannel;
    const list = [
      { ...webhookChannel, subscriptions: subs(3000) },
      emailChannel,
      {
        ...chatAppChannel,
        config: { ...chatAppChannel.config, subscriptions: [1, 2] },
        subscriptions: subs(2),
      },
      { ...emailChannel, id: 44, subscriptions: null },
      { ...bare, id: 45 },
      { ...emailChannel, id: 46, subscriptions: subs(2500) },
    ];
    let turns = 0;
    let spinning = true;
    const spin = () => {
      turns++;
      if (spinning) setImmediate(spin);
    };
    setImmediate(spin);
    const got = await readJsonArray(
      Readable.from(piecesOf(JSON.stringify(list), 65_536)),
      alertChannelSchema,
      {
        apart,
        sliceChars: 4096,
        budgetMs: 0,
      },
    );
    spinning = false;
    expect(got).toEqual(alertChannelListSchema.parse(list));
    // the first channel's 3,000 subscriptions (~330 KB) arrive in five pieces: the turns are between its
    // slices, not between channels
    expect(turns).toBeGreaterThan(40);
  });

  it("refuses what the list's schema refuses, naming the subscription or channel that does not fit", async () => {
    const bad = (at: number, member: Record<string, unknown>) => {
      const s = subs(1000) as Record<string, unknown>[];
      s[at] = { ...s[at], ...member };
      return [emailChannel, { ...webhookChannel, subscriptions: s }];
    };
    const cases: [unknown[], string][] = [
      [bad(730, { activated: "yes" }), "[1].subscriptions[730].activated"],
      [bad(12, { checkId: 5 }), "[1].subscriptions[12].checkId"],
      [[emailChannel, { ...webhookChannel, subscriptions: [sub(1), 7] }], "[1].subscriptions[1]"],
      [[{ ...emailChannel, subscriptions: "all" }], "[0]"],
      [[emailChannel, { ...emailChannel, id: "x", subscriptions: subs(500) }], "[1]"],
      [[{ ...webhookChannel, config: { ...webhookChannel.config, headers: "x" } }], "[0]"],
    ];
    for (const [list, path] of cases) {
      expect(alertChannelListSchema.safeParse(list).success, path).toBe(false);
      const e = await read(list).catch((x) => x);
      expect(e, path).toBeInstanceOf(ArrayShapeError);
      expect(e.path.startsWith(path), `${e.path} for ${path}`).toBe(true);
    }
  });

  it("refuses a body that is not one array of channels, in a subscriptions array too", async () => {
    const good = JSON.stringify([{ ...emailChannel, subscriptions: subs(3) }]);
    const cut = good.indexOf('"activated"');
    for (const text of [
      good.slice(0, cut),
      `${good.slice(0, cut)}}]}]`,
      good.replace('"subscriptions":[', '"subscriptions":[,'),
      good.replace('}],"sendRecovery"', '},],"sendRecovery"'),
      `${good}x`,
    ]) {
      // JSON.parse of the whole and the list's schema refuse it too (the duplicate member: its schema)
      expect(() => alertChannelListSchema.parse(JSON.parse(text)), text.slice(0, 80)).toThrow();
      const e = await readJsonArray(Readable.from([text]), alertChannelSchema, { apart }).catch((x) => x);
      expect(e, text.slice(0, 80)).toBeInstanceOf(ArrayShapeError);
    }
    // stricter than JSON.parse, which keeps the last of two members of one name: a second `subscriptions`
    // after the one read apart is refused
    const twice = good.replace('"subscriptions":[', '"subscriptions":[],"subscriptions":[');
    const e = await readJsonArray(Readable.from([twice]), alertChannelSchema, { apart }).catch((x) => x);
    expect(e).toBeInstanceOf(ArrayShapeError);
    expect(e.message).toMatch(/"subscriptions" given twice/);
  });
});
