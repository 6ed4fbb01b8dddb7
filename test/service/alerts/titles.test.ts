/** Alert titles (ALERT_TITLE): the no-agent pair names the private location. Pure. */
import { describe, expect, it } from "vitest";
import { familyOf } from "../../../src/service/alerts/rules.ts";
import { alertTitle } from "../../../src/shared/webhook/variables.ts";

const check = { id: "c1", name: "Login", checkType: "URL" };

describe("alert titles", () => {
  it("ALERT_NO_AGENT and its recovery name the location; families gate them like failure and recovery", () => {
    expect(alertTitle({ alertType: "ALERT_NO_AGENT", check, location: "office" })).toBe(
      'Check "Login" does not run in private location office: it has no live agent',
    );
    expect(alertTitle({ alertType: "ALERT_NO_AGENT_RECOVERY", check, location: "office" })).toBe(
      'Check "Login" runs again in private location office: it has a live agent',
    );
    expect(familyOf("ALERT_NO_AGENT")).toBe("failure");
    expect(familyOf("ALERT_NO_AGENT_RECOVERY")).toBe("recovery");
  });
});
