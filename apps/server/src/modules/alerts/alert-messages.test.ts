import type { AlertPayloadItem, AlertWebhookBody } from "@utmost/contracts";
import { describe, expect, it } from "vitest";
import { alertMailMessage, alertSubject, slackMessage } from "./alert-messages.ts";

const ITEM: AlertPayloadItem = {
  trigger: "new_critical_issue",
  occurredAt: "2026-11-16T06:00:00.000Z",
  dataSource: {
    id: "5b0c5c61-6a43-4c1f-9d43-1f3f2f0e7a10",
    name: "Shop <EU> & Co",
    ga4PropertyId: "312456789",
  },
  scanId: "0f9b7a8e-1b6e-4a53-9f55-3f0b5e5d6c11",
  healthScore: 64,
  healthGrade: "D",
  previousHealthScore: 81,
  thresholdValue: null,
  criticalIssuesCount: 3,
  warningIssuesCount: 1,
  passedChecksCount: 9,
  issues: Array.from({ length: 7 }, (_, index) => ({
    id: `0f9b7a8e-1b6e-4a53-9f55-3f0b5e5d6c${10 + index}`,
    title: `Internal link <${index}> carries UTMs`,
    severity: "critical" as const,
    issueType: "internal-utm",
    affectedSessionsCount: 100 - index,
    reopened: index === 0,
  })),
  reportUrl: "https://app.example.com/data-sources/5b0c5c61-6a43-4c1f-9d43-1f3f2f0e7a10/health",
};

function body(overrides: Partial<AlertWebhookBody> = {}): AlertWebhookBody {
  return {
    version: "2026-11-01",
    event: "alert.triggered",
    deliveryId: "8e0cbb4e-5d55-4d8e-bc0a-2a2f3f5e9b01",
    createdAt: "2026-11-16T06:00:00.000Z",
    workspace: { id: "1c6f3f2a-9e0b-4e0e-8a61-0a5d7f3c2b10", name: "Acme" },
    rule: {
      id: "2d7a4b3c-1e2f-4a5b-8c6d-7e8f9a0b1c2d",
      alertType: "slack",
      triggerCondition: "new_critical_issue",
      thresholdValue: null,
      frequency: "realtime",
    },
    alerts: [ITEM],
    dashboardUrl: "https://app.example.com/dashboard",
    ...overrides,
  };
}

describe("alert messages", () => {
  it("names what happened in the subject", () => {
    expect(alertSubject(body())).toBe("Utmost alert: Shop <EU> & Co: 7 new critical issues");
    expect(alertSubject(body({ event: "alert.digest", alerts: [ITEM, ITEM] }))).toBe(
      "Utmost daily digest: 2 alerts for Acme",
    );
    expect(alertSubject(body({ event: "alert.test" }))).toBe("Utmost test alert for Acme");
  });

  it("escapes Slack markup and lists at most five issues, then a count", () => {
    const message = slackMessage(body());
    const text = JSON.stringify(message.blocks);
    expect(text).toContain("Shop &lt;EU&gt; &amp; Co");
    expect(text).toContain("Re-opened: Internal link &lt;0&gt; carries UTMs");
    expect(text).toContain("Internal link &lt;4&gt;");
    expect(text).not.toContain("Internal link &lt;5&gt;");
    expect(text).toContain("and 2 more");
    expect(text).toContain(ITEM.reportUrl);
  });

  it("keeps a digest of many alerts within Slack's block limit", () => {
    const message = slackMessage(body({ event: "alert.digest", alerts: Array(30).fill(ITEM) }));
    expect(message.blocks.length).toBeLessThanOrEqual(50);
    expect(JSON.stringify(message.blocks)).toContain("and 20 more alerts");
  });

  it("writes mail as text and escaped HTML", () => {
    const mail = alertMailMessage("team@example.com", body());
    expect(mail.text).toContain("Score 64 (D) · 3 critical issues · 1 warning · 9 passed checks");
    expect(mail.text).toContain("- Re-opened: Internal link <0> carries UTMs");
    expect(mail.html).toContain("Shop &#60;EU&#62; &#38; Co");
    expect(mail.html).not.toContain("<EU>");
  });
});
