/**
 * Sixel encoding of RGBA pixels, for terminals that draw sixel (foot, mlterm, contour, Windows Terminal,
 * xterm as a VT340). Colours are quantised to a fixed 6×6×6 cube (216 registers, no palette search: a
 * screenshot of a failed page reads fine so, and the output is the same for the same pixels); a pixel
 * under half opacity is left transparent (P2 = 1). Each band of six pixel rows is one line per colour it
 * uses, run-length encoded (`!n c`), the lines joined by `$` (back to the band's start) and bands by `-`.
 * The npm `sixel` package's encoder was tried first and drew a two-colour image in one colour (its
 * quantiser's indices ignore the image width); its decoder checks this one in the tests.
 */
const ESC = "\u001b";

/** The cube level (0–5) of a channel value (0–255). */
const level = (v: number) => Math.round((v * 5) / 255);

/** `data` (RGBA, `width`×`height`) as one sixel image: DCS … ST. */
export function encodeSixel(data: Uint8Array, width: number, height: number): string {
  const TRANSPARENT = 255;
  const idx = new Uint8Array(width * height);
  const used = new Set<number>();
  for (let i = 0; i < width * height; i++) {
    const o = i * 4;
    if ((data[o + 3] ?? 255) < 128) {
      idx[i] = TRANSPARENT;
      continue;
    }
    const c = level(data[o] ?? 0) * 36 + level(data[o + 1] ?? 0) * 6 + level(data[o + 2] ?? 0);
    idx[i] = c;
    used.add(c);
  }
  const out: string[] = [`${ESC}P0;1;0q"1;1;${width};${height}`];
  const pct = (l: number) => Math.round((l * 100) / 5);
  for (const c of [...used].sort((a, b) => a - b))
    out.push(`#${c};2;${pct(Math.floor(c / 36))};${pct(Math.floor(c / 6) % 6)};${pct(c % 6)}`);
  const bits = new Uint8Array(width);
  for (let y0 = 0; y0 < height; y0 += 6) {
    const rows = Math.min(6, height - y0);
    const inBand = new Set<number>();
    for (let k = 0; k < rows; k++)
      for (let x = 0; x < width; x++) {
        const c = idx[(y0 + k) * width + x]!;
        if (c !== TRANSPARENT) inBand.add(c);
      }
    const lines: string[] = [];
    for (const c of [...inBand].sort((a, b) => a - b)) {
      bits.fill(0);
      for (let k = 0; k < rows; k++) {
        const row = (y0 + k) * width;
        for (let x = 0; x < width; x++) if (idx[row + x] === c) bits[x]! |= 1 << k;
      }
      let end = width;
      while (end > 0 && bits[end - 1] === 0) end--;
      let line = `#${c}`;
      for (let x = 0; x < end; ) {
        let run = 1;
        while (x + run < end && bits[x + run] === bits[x]) run++;
        const ch = String.fromCharCode(63 + bits[x]!);
        line += run > 3 ? `!${run}${ch}` : ch.repeat(run);
        x += run;
      }
      lines.push(line);
    }
    out.push(lines.join("$"));
    if (y0 + 6 < height) out.push("-");
  }
  out.push(`${ESC}\\`);
  return out.join("");
}
