/**
 * How many strings of the running process's heap have each value matching `pattern` (a heap snapshot,
 * taken after a full collection, read whole): the one way to see that two equal strings are one object,
 * which JavaScript's `===` cannot tell. For tests of what the console holds once.
 */
import { getHeapSnapshot } from "node:v8";

type Snapshot = {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
};

export async function heapStringCopies(pattern: RegExp): Promise<Map<string, number>> {
  const chunks: Buffer[] = [];
  for await (const c of getHeapSnapshot()) chunks.push(c as Buffer);
  const snap = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Snapshot;
  const fields = snap.snapshot.meta.node_fields;
  const width = fields.length;
  const typeAt = fields.indexOf("type");
  const nameAt = fields.indexOf("name");
  const stringType = snap.snapshot.meta.node_types[0].indexOf("string");
  const copies = new Map<string, number>();
  for (let i = 0; i < snap.nodes.length; i += width) {
    if (snap.nodes[i + typeAt] !== stringType) continue;
    const value = snap.strings[snap.nodes[i + nameAt] as number] as string;
    if (pattern.test(value)) copies.set(value, (copies.get(value) ?? 0) + 1);
  }
  return copies;
}
