/**
 * A JSON array read in slices as its text arrives: `push` the text chunk by chunk (split anywhere, inside a
 * string or an escape too), `take` hands back a run of whole elements as the text of an array of them
 * ("[e1,e2,…]", ready for JSON.parse), `end` the rest once the text is complete. So a 37 MB answer (the
 * statuses of 100,000 checks) is parsed a few dozen kilobytes at a time, with a frame drawn in between,
 * instead of in one JSON.parse that holds the thread for half a second.
 *
 * The scanner knows only what it takes to find the top-level commas: strings (and their escapes), whose
 * brackets and commas do not count, and the depth of [ and {. Whether the text is JSON is JSON.parse's to
 * say, slice by slice: what it cannot see — text before the array or after it, an empty element at a cut
 * (`[1,]`), brackets that do not close — is refused here, so a text is taken exactly when JSON.parse takes
 * it whole and is an array.
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

const NOT_SPACE = /\S/;
const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

export class JsonSliceError extends Error {}

export class JsonArraySlicer {
  /** Text after the last cut (after the opening bracket at first), not yet handed out. */
  #buf = "";
  /** Where scanning goes on in #buf. */
  #pos = 0;
  /** Before the opening bracket, inside the array, after its closing bracket. */
  #state: "before" | "inside" | "after" = "before";
  /** Depth inside the top-level array (0: between its elements). */
  #depth = 0;
  #inString = false;
  #escape = false;
  /** Index in #buf of the last top-level comma scanned (-1: none since the last cut). */
  #comma = -1;
  /** Index in #buf of the top-level closing bracket, once seen. */
  #close = -1;
  /** The last cut was at a comma: an element must follow. */
  #afterComma = false;

  push(text: string): void {
    if (this.#state === "after") {
      for (let i = 0; i < text.length; i++)
        if (!isSpace(text.charCodeAt(i))) throw new JsonSliceError("text after the array");
      return;
    }
    this.#buf += text;
    this.#scan();
  }

  /**
   * The whole elements scanned so far as one array's text, once they are at least `minChars` long (0:
   * whatever is whole); undefined while fewer have come.
   */
  take(minChars = 0): string | undefined {
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
      return `[${rest}]`;
    }
    const slice = this.#buf.slice(0, end);
    if (!NOT_SPACE.test(slice)) throw new JsonSliceError("an empty element");
    this.#buf = this.#buf.slice(end + 1);
    this.#pos -= end + 1;
    this.#comma = -1;
    this.#afterComma = true;
    return `[${slice}]`;
  }

  /** The text is complete: the last whole elements (undefined when none are left), or a JsonSliceError. */
  end(): string | undefined {
    if (this.#state === "before") throw new JsonSliceError("no array");
    if (this.#state === "inside") throw new JsonSliceError("the array does not end");
    return this.take(0);
  }

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
    let depth = this.#depth;
    let inString = this.#inString;
    let escaped = this.#escape;
    const n = b.length;
    for (; i < n; i++) {
      const c = b.charCodeAt(i);
      if (inString) {
        if (escaped) escaped = false;
        else if (c === BACKSLASH) escaped = true;
        else if (c === QUOTE) inString = false;
        continue;
      }
      if (c === QUOTE) inString = true;
      else if (c === COMMA) {
        if (depth === 0) this.#comma = i;
      } else if (c === OPEN_ARRAY || c === OPEN_OBJECT) depth++;
      else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) {
        if (depth === 0) {
          if (c !== CLOSE_ARRAY) throw new JsonSliceError("a brace closes the array");
          this.#close = i;
          this.#state = "after";
          for (let j = i + 1; j < n; j++)
            if (!isSpace(b.charCodeAt(j))) throw new JsonSliceError("text after the array");
          this.#buf = b.slice(0, i);
          this.#pos = i;
          this.#depth = 0;
          return;
        }
        depth--;
      }
    }
    this.#pos = i;
    this.#depth = depth;
    this.#inString = inString;
    this.#escape = escaped;
  }
}
