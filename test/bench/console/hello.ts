/**
 * Bench fixture: the bare Ink "hello" that the console's start-up is compared with (design.md §4). Same Ink
 * options as the console (incremental rendering, 20 fps, Ctrl-C handled); it stays up reading keys like
 * the console does, until Ctrl-C or q.
 */
import { render, Text, useApp, useInput } from "ink";
import { createElement } from "react";

function Hello() {
  const { exit } = useApp();
  useInput((input) => {
    if (input === "q") exit();
  });
  return createElement(Text, null, "hello");
}

render(createElement(Hello), { incrementalRendering: true, maxFps: 20, exitOnCtrlC: true });
