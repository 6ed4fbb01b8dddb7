/**
 * A JSON array read in slices as its text arrives: `push` the text chunk by chunk (split anywhere, inside a
 * string or an escape too), `take` hands back a run of whole elements as the text of an array of them
 * ("[e1,e2,…]", ready for JSON.parse), `end` the rest once the text is complete. So a 37 MB answer (the
 * statuses of 100,000 checks) is parsed a few dozen kilobytes at a time, with a frame drawn in between,
 * instead of in one JSON.parse that holds the thread for half a second.
 *
 * A member read apart (`apart`, the alert channels' `subscriptions`): few elements, each one huge — a
 * channel subscribed to 10,000 checks is ~1.5 MB, and slicing between elements alone would still hand it
 * to JSON.parse (and its schema) in one go, ~20 ms of the console's thread. With `apart`, an element's
 * member of that name whose value is an array is read in slices too: its elements come first, in runs of
 * their own ("apart"), then the element that held it ("holder"), alone, with `[]` where the array was.
 * Only a member of a top-level element counts (not one deeper down, in a channel's `config`); a second
 * member of that name after one read apart is refused (JSON.parse would keep the last, the reader the
 * array read apart).
 *
 * The scanner knows only what it takes to find the commas that cut: strings (and their escapes), whose
 * brackets and commas do not count, and the depth of [ and {. Whether the text is JSON is JSON.parse's to
 * say, slice by slice: what it cannot see — text before the array or after it, an empty element at a cut
 * (`[1,]`), brackets that do not close — is refused here, so a text is taken exactly when JSON.parse takes
 * it whole and is an array. The text is scanned as it is taken (not as it is pushed), up to the next thing
 * to hand out.
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

const NOT_SPACE = /\S/;
const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

export class JsonSliceError extends Error {}

/**
 * A run of the array's text: `elements`, whole elements of the array; `apart`, elements of the array of
 * the member read apart of the element being read; `holder`, that element once whole, alone, its member
 * `[]` — the `apart` runs before it since the last `holder` (or `elements`) are its member's elements.
 */
export type JsonSlice = { kind: "elements" | "apart" | "holder"; text: string };

/** What a scan stopped at (besides the end of the text scanned so far). */
const NONE = 0;
/** The `[` of the member read apart (#at): not consumed. */
const APART = 1;
/** The `]` that closes the member read apart (#at). */
const APART_END = 2;
/** The top-level comma or closing bracket (#at) after the element whose member was read apart. */
const HOLDER_END = 3;

export class JsonArraySlicer {
  /** The member read apart as its JSON text (`"subscriptions"`), its name; undefined: none. */
  readonly #apartKey: string | undefined;
  readonly #apartName: string | undefined;
  /** Text after the last cut (after the opening bracket at first), not yet handed out. */
  #buf = "";
  /** Where scanning goes on in #buf. */
  #pos = 0;
  /** Before the opening bracket, inside the array, after its closing bracket. */
  #state: "before" | "inside" | "after" = "before";
  /** Depth inside the top-level array (0: between its elements; 2: between the member's elements). */
  #depth = 0;
  #inString = false;
  #escape = false;
  /** Index in #buf of the last comma scanned that cuts (-1: none since the last cut). */
  #comma = -1;
  /** Index in #buf of the top-level closing bracket, once seen. */
  #close = -1;
  /** The last cut was at a comma: an element must follow. */
  #afterComma = false;
  /** Indexes in #buf of the last string's opening and closing quotes (a member's key, before a colon). */
  #strStart = -1;
  #strEnd = -1;
  /** While the member is read apart: the holder's text before its array (#buf is the array's, after `[`). */
  #head: string | undefined;
  /** The element being scanned had its member read apart: it is handed out alone, at its end. */
  #holding = false;
  /** Where the last scan stopped (NONE: the end of the text) and at which index of #buf. */
  #event = NONE;
  #at = -1;

  /** `apart`: the name of the member of each element read apart when it is an array (see above). */
  constructor(opts: { apart?: string | undefined } = {}) {
    this.#apartName = opts.apart;
    this.#apartKey = opts.apart === undefined ? undefined : JSON.stringify(opts.apart);
  }

  push(text: string): void {
    if (this.#state === "after") {
      for (let i = 0; i < text.length; i++)
        if (!isSpace(text.charCodeAt(i))) throw new JsonSliceError("text after the array");
      return;
    }
    this.#buf += text;
  }

  /**
   * The next run scanned so far (see JsonSlice): whole elements once they are at least `minChars` long (0:
   * whatever is whole) — a holder and what comes before a member read apart whatever their length;
   * undefined while fewer have come.
   */
  take(minChars = 0): JsonSlice | undefined {
    for (;;) {
      this.#scan();
      const event = this.#event;
      this.#event = NONE;
      if (event === NONE) return this.#cut(minChars);
      const b = this.#buf;
      const at = this.#at;
      if (event === APART) {
        // the elements before the holder first, whole: the member's elements are the holder's
        if (this.#comma >= 0) {
          const end = this.#comma;
          const slice = b.slice(0, end);
          if (!NOT_SPACE.test(slice)) throw new JsonSliceError("an empty element");
          this.#rebase(end + 1);
          this.#pos = at - (end + 1);
          this.#afterComma = true;
          return { kind: "elements", text: `[${slice}]` };
        }
        this.#head = b.slice(0, at);
        this.#buf = b.slice(at + 1);
        this.#pos = 0;
        this.#depth = 2;
        this.#comma = -1;
        this.#afterComma = false;
        this.#holding = true;
        this.#strStart = -1;
        this.#strEnd = -1;
        continue;
      }
      if (event === APART_END) {
        const rest = b.slice(0, at);
        const some = NOT_SPACE.test(rest);
        if (!some && this.#afterComma)
          throw new JsonSliceError("an empty element before the closing bracket");
        const head = this.#head as string;
        this.#head = undefined;
        this.#buf = `${head}[]${b.slice(at + 1)}`;
        this.#pos = head.length + 2;
        this.#comma = -1;
        this.#afterComma = false;
        this.#strStart = -1;
        this.#strEnd = -1;
        if (some) return { kind: "apart", text: `[${rest}]` };
        continue;
      }
      // HOLDER_END: the holder, alone (#buf begins with it)
      const text = `[${b.slice(0, at)}]`;
      this.#holding = false;
      if (this.#state === "after") {
        this.#buf = "";
        this.#pos = 0;
        this.#close = -1;
      } else {
        this.#rebase(at + 1);
        this.#afterComma = true;
      }
      return { kind: "holder", text };
    }
  }

  /** The text is complete: the next run (undefined when none is left), or a JsonSliceError. */
  end(): JsonSlice | undefined {
    const slice = this.take(0);
    if (slice !== undefined) return slice;
    if (this.#state === "before") throw new JsonSliceError("no array");
    if (this.#state === "inside") throw new JsonSliceError("the array does not end");
    return undefined;
  }

  /** The elements scanned so far up to the last comma that cuts (or the closing bracket), if long enough. */
  #cut(minChars: number): JsonSlice | undefined {
    const kind = this.#head === undefined ? "elements" : "apart";
    const end = this.#close >= 0 ? this.#close : this.#comma;
    if (end < 0 || end < minChars) return undefined;
    if (this.#close >= 0) {
      const rest = this.#buf.slice(0, end);
      if (!NOT_SPACE.test(rest)) {
        if (this.#afterComma) throw new JsonSliceError("an empty element before the closing bracket");
        return undefined;
      }
      this.#buf = "";
      this.#pos = 0;
      this.#close = -1;
      this.#comma = -1;
      this.#afterComma = false;
      return { kind, text: `[${rest}]` };
    }
    const slice = this.#buf.slice(0, end);
    if (!NOT_SPACE.test(slice)) throw new JsonSliceError("an empty element");
    this.#rebase(end + 1);
    this.#afterComma = true;
    return { kind, text: `[${slice}]` };
  }

  /** #buf from `from` on; what indexes it shifts with it. */
  #rebase(from: number): void {
    this.#buf = this.#buf.slice(from);
    this.#pos -= from;
    this.#comma = -1;
    this.#strStart -= from;
    this.#strEnd -= from;
  }

  /** Whether the last string scanned, followed by a colon, is the key of the member read apart. */
  #isApartKey(b: string): boolean {
    const key = this.#apartKey as string;
    const start = this.#strStart;
    const end = this.#strEnd;
    if (start < 0 || end < start) return false;
    if (end - start + 1 === key.length && b.startsWith(key, start)) return true;
    // the name written with escapes ("subscr\u0069ptions") is the same member to JSON.parse
    const raw = b.slice(start, end + 1);
    if (!raw.includes("\\")) return false;
    try {
      return JSON.parse(raw) === this.#apartName;
    } catch {
      return false;
    }
  }

  /** Whether the `[` at `i` (depth 1) is the value of the member read apart: `"name" :[`. */
  #isApartValue(b: string, i: number): boolean {
    let j = i - 1;
    while (j >= 0 && isSpace(b.charCodeAt(j))) j--;
    if (j < 0 || b.charCodeAt(j) !== COLON) return false;
    j--;
    while (j >= 0 && isSpace(b.charCodeAt(j))) j--;
    return j === this.#strEnd && this.#isApartKey(b);
  }

  /** Scans #buf from #pos to its end, or to the next event (#event, #at). */
  #scan(): void {
    const b = this.#buf;
    let i = this.#pos;
    if (this.#state === "before") {
      while (i < b.length && isSpace(b.charCodeAt(i))) i++;
      if (i === b.length) {
        this.#buf = "";
        this.#pos = 0;
        return;
      }
      if (b.charCodeAt(i) !== OPEN_ARRAY) throw new JsonSliceError("not an array");
      this.#state = "inside";
      this.#buf = b.slice(i + 1);
      this.#pos = 0;
      this.#scan();
      return;
    }
    if (this.#state === "after") return;
    const apart = this.#apartKey !== undefined;
    // the depth whose commas cut: the top level's, or the member's read apart
    const cuts = this.#head === undefined ? 0 : 2;
    let depth = this.#depth;
    let inString = this.#inString;
    let escaped = this.#escape;
    let event = NONE;
    // the last string's quotes, kept in locals in the loop (fields before a key is looked at)
    let strStart = this.#strStart;
    let strEnd = this.#strEnd;
    const n = b.length;
    for (; i < n; i++) {
      if (inString) {
        // to the string's next quote at once (indexOf, native): most of a list's text is in strings (a
        // check's id, a name), and walking it a character at a time was ~half of a 4.7 MB read's CPU
        if (escaped) {
          escaped = false;
          continue;
        }
        const q = b.indexOf('"', i);
        const end = q < 0 ? n : q;
        // the backslashes just before it (or before the text's end): an odd run escapes what follows
        let k = end - 1;
        while (k >= i && b.charCodeAt(k) === BACKSLASH) k--;
        const odd = (end - 1 - k) % 2 === 1;
        if (q < 0) {
          escaped = odd;
          i = n - 1;
        } else {
          i = q;
          if (!odd) {
            inString = false;
            strEnd = q;
          }
        }
        continue;
      }
      const c = b.charCodeAt(i);
      if (c === QUOTE) {
        inString = true;
        strStart = i;
      } else if (c === COMMA) {
        if (depth === cuts) {
          if (this.#holding && depth === 0) {
            event = HOLDER_END;
            break;
          }
          this.#comma = i;
        }
      } else if (c === COLON) {
        if (this.#holding && depth === 1) {
          this.#strStart = strStart;
          this.#strEnd = strEnd;
          if (this.#isApartKey(b)) throw new JsonSliceError(`member ${this.#apartKey} given twice`);
        }
      } else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
        if (apart && depth === 1 && c === OPEN_ARRAY && !this.#holding) {
          this.#strStart = strStart;
          this.#strEnd = strEnd;
          if (this.#isApartValue(b, i)) {
            event = APART;
            break;
          }
        }
        depth++;
      } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) {
        if (depth === 0) {
          if (c !== CLOSE_ARRAY) throw new JsonSliceError("a brace closes the array");
          for (let j = i + 1; j < n; j++)
            if (!isSpace(b.charCodeAt(j))) throw new JsonSliceError("text after the array");
          this.#state = "after";
          this.#depth = 0;
          if (this.#holding) {
            this.#event = HOLDER_END;
            this.#at = i;
            return;
          }
          this.#close = i;
          this.#buf = b.slice(0, i);
          this.#pos = i;
          return;
        }
        if (depth === 2 && cuts === 2) {
          if (c !== CLOSE_ARRAY) throw new JsonSliceError("a brace closes the array");
          depth = 1;
          event = APART_END;
          break;
        }
        depth--;
      }
    }
    this.#event = event;
    this.#at = i;
    this.#strStart = strStart;
    this.#strEnd = strEnd;
    // an event's character is consumed, but the member's `[`: it is scanned again once the elements
    // before its holder are handed out
    this.#pos = event === NONE || event === APART ? i : i + 1;
    this.#depth = depth;
    this.#inString = inString;
    this.#escape = escaped;
  }
}
