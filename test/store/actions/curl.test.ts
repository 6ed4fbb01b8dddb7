/** The curl of an API / URL check's request: what the runner sends, secrets masked, shell-quoted. */
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { curlHidesSecrets, curlOf, shellQuote } from "../../../src/store/actions/curl.ts";

/** The words a POSIX shell makes of `line` (sh itself splits it). */
const words = (line: string): string[] =>
  JSON.parse(
    execFileSync("sh", ["-c", `node -e 'console.log(JSON.stringify(process.argv.slice(1)))' -- ${line}`], {
      encoding: "utf8",
    }),
  ).slice(0);

describe("curl of a check", () => {
  it("a GET with its headers and query parameters, redirects followed; nothing to mask", () => {
    const c = {
      checkType: "API",
      request: {
        method: "GET",
        url: "https://shop.example.com/health",
        headers: [{ key: "Accept", value: "application/json" }],
        queryParameters: [{ key: "deep", value: "1" }],
      },
    };
    expect(curlOf(c)).toBe("curl -L -H 'Accept: application/json' 'https://shop.example.com/health?deep=1'");
    expect(curlHidesSecrets(c)).toBe(false);
  });

  it("masks credential headers, auth values, basic auth, URL passwords, secret parameters and JSON fields", () => {
    const c = {
      checkType: "API",
      request: {
        method: "post",
        url: "https://ops:hunter2@api.example.com/v1/orders?token=abcdef&x=1",
        headers: [
          { key: "Authorization", value: "Bearer sk_live_0123456789abcdef" },
          { key: "X-Api-Key", value: "key-0123456789abcdef" },
          { key: "X-Trace", value: "Token tok_0123456789abcdef" },
          { key: "X-Template", value: "{{API_TOKEN}}" },
          { key: "Accept", value: "*/*" },
        ],
        queryParameters: [{ key: "api_key", value: "q-0123456789abcdef" }],
        basicAuth: { username: "bob", password: "correct-horse-battery" },
        body: '{"user":"bob","password":"swordfish-0123456789"}',
        bodyType: "JSON",
      },
    };
    const line = curlOf(c)!;
    for (const secret of [
      "sk_live_0123456789abcdef",
      "key-0123456789abcdef",
      "tok_0123456789abcdef",
      "hunter2",
      "abcdef&",
      "q-0123456789abcdef",
      "correct-horse-battery",
      "swordfish",
    ])
      expect(line, secret).not.toContain(secret);
    expect(line).toContain("-X POST");
    expect(line).toContain("'Authorization: Bearer ...cdef'");
    expect(line).toContain("'X-Template: {{API_TOKEN}}'"); // a variable reference is not a secret
    expect(line).toContain("'Accept: */*'");
    expect(line).toContain("-u bob:...tery");
    expect(line).toContain("-H 'Content-Type: application/json'");
    expect(line).toContain(`--data-raw '{"user":"bob","password":"...6789"}'`);
    expect(line).toContain("'https://ops:****@api.example.com/v1/orders?token=****&x=1&api_key=****'");
    expect(curlHidesSecrets(c)).toBe(true);
  });

  it("a URL check is always a GET (no body); HEAD is -I; no -L when redirects are not followed; -k, -6", () => {
    expect(
      curlOf({
        checkType: "URL",
        request: { method: "POST", url: "https://a.example", body: "x", followRedirects: false },
      }),
    ).toBe("curl https://a.example");
    expect(
      curlOf({
        checkType: "API",
        request: { method: "HEAD", url: "https://a.example", skipSSL: true, ipFamily: "IPv6" },
      }),
    ).toBe("curl -L -k -6 -I https://a.example");
  });

  it("a body keeps its own Content-Type header, else gets its body type's; a form body as it is", () => {
    const own = curlOf({
      checkType: "API",
      request: {
        method: "PUT",
        url: "https://a.example/x",
        body: "a=1",
        bodyType: "FORM",
        headers: [{ key: "content-type", value: "text/x" }],
      },
    })!;
    expect(own).not.toContain("Content-Type");
    expect(own).toContain("--data-raw a=1");
    const form = curlOf({
      checkType: "API",
      request: { method: "POST", url: "https://a.example/x", body: "a=1&b=2", bodyType: "FORM" },
    })!;
    expect(form).toContain("'Content-Type: application/x-www-form-urlencoded'");
    expect(form).toContain("--data-raw 'a=1&b=2'");
  });

  it("no curl for other check types or without a URL", () => {
    expect(curlOf({ checkType: "TCP", request: { hostname: "db", port: 5432 } })).toBeUndefined();
    expect(curlOf({ checkType: "API", request: { url: "" } })).toBeUndefined();
    expect(curlOf({ checkType: "API" })).toBeUndefined();
  });

  it("is quoted for a POSIX shell: quotes, spaces, $ and backticks stay literal", () => {
    const hostile = `it's $(rm -rf ~) \`x\` "q" ; & |`;
    expect(shellQuote("plain-word_1.2/x:y")).toBe("plain-word_1.2/x:y");
    const line = curlOf({
      checkType: "API",
      request: {
        method: "POST",
        url: "https://a.example/?q=1",
        headers: [{ key: "X-Note", value: hostile }],
        body: hostile,
      },
    })!;
    expect(words(line.replace(/^curl /, ""))).toEqual([
      "-L",
      "-X",
      "POST",
      "-H",
      `X-Note: ${hostile}`,
      "-H",
      "Content-Type: text/plain",
      "--data-raw",
      hostile,
      "https://a.example/?q=1",
    ]);
  });
});
