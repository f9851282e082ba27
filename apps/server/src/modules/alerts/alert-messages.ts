import type { AlertPayloadItem, AlertWebhookBody } from "@utmost/contracts";
import type { MailMessage } from "../mail/mailer.ts";
import { type AlertMailSection, alertMail } from "../mail/templates.ts";

/**
 * How a delivery's body reads as mail and as a Slack message. The webhook body itself is the
 * versioned JSON (contracts AlertWebhookBody); these are renderings of it.
 */

const MAX_ISSUES_LISTED = 5;
/** Slack allows 50 blocks a message; a digest lists this many alerts, then a count. */
const MAX_SLACK_ALERTS = 10;

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;

function propertyName(item: AlertPayloadItem): string {
  return item.dataSource?.name ?? "Your analytics property";
}

/** One line saying what happened. */
export function alertHeadline(item: AlertPayloadItem, test = false): string {
  if (test) {
    return `Test alert: health score ${item.healthScore ?? 0}, ${plural(item.criticalIssuesCount, "critical issue")}, ${plural(item.warningIssuesCount, "warning")}`;
  }
  const name = propertyName(item);
  switch (item.trigger) {
    case "score_drops_below":
      return `${name}: health score ${item.healthScore ?? 0} dropped below ${item.thresholdValue ?? 0}`;
    case "new_critical_issue":
      return `${name}: ${plural(item.issues.length, "new critical issue")}`;
    case "new_warning_issue":
      return `${name}: ${plural(item.issues.length, "new warning")}`;
    case "scan_completed":
      return `${name}: audit completed with health score ${item.healthScore ?? 0}`;
  }
}

/** The scan's numbers, e.g. "Score 62 (D) · 3 critical issues · 7 warnings · 12 passed checks". */
export function alertFacts(item: AlertPayloadItem): string {
  const parts = [
    `Score ${item.healthScore ?? 0}${item.healthGrade ? ` (${item.healthGrade})` : ""}`,
    plural(item.criticalIssuesCount, "critical issue"),
    plural(item.warningIssuesCount, "warning"),
  ];
  if (item.passedChecksCount !== null) parts.push(plural(item.passedChecksCount, "passed check"));
  if (item.previousHealthScore !== null) parts.push(`previous score ${item.previousHealthScore}`);
  return parts.join(" · ");
}

function issueLines(item: AlertPayloadItem): string[] {
  const lines = item.issues
    .slice(0, MAX_ISSUES_LISTED)
    .map((issue) => `${issue.reopened ? "Re-opened: " : ""}${issue.title}`);
  if (item.issues.length > MAX_ISSUES_LISTED) {
    lines.push(`and ${item.issues.length - MAX_ISSUES_LISTED} more`);
  }
  return lines;
}

function isTest(body: AlertWebhookBody) {
  return body.event === "alert.test";
}

export function alertSubject(body: AlertWebhookBody): string {
  const first = body.alerts[0];
  if (isTest(body)) return `Utmost test alert for ${body.workspace.name}`;
  if (body.event === "alert.digest") {
    const period = body.rule.frequency === "weekly" ? "weekly" : "daily";
    return `Utmost ${period} digest: ${plural(body.alerts.length, "alert")} for ${body.workspace.name}`;
  }
  return `Utmost alert: ${first ? alertHeadline(first) : body.workspace.name}`;
}

export function alertMailMessage(to: string, body: AlertWebhookBody): MailMessage {
  const sections: AlertMailSection[] = body.alerts.map((item) => ({
    headline: alertHeadline(item, isTest(body)),
    facts: alertFacts(item),
    details: issueLines(item),
    url: item.reportUrl,
  }));
  return alertMail({
    to,
    subject: alertSubject(body),
    workspaceName: body.workspace.name,
    sections,
    dashboardUrl: body.dashboardUrl,
  });
}

/** An incoming-webhook message in Block Kit, with `text` as the notification fallback. */
export function slackMessage(body: AlertWebhookBody) {
  const shown = body.alerts.slice(0, MAX_SLACK_ALERTS);
  const blocks: object[] = [
    {
      type: "header",
      text: { type: "plain_text", text: alertSubject(body).slice(0, 150), emoji: false },
    },
  ];
  for (const item of shown) {
    const details = issueLines(item).map((line) => `• ${escapeSlack(line)}`);
    blocks.push(
      {
        type: "section",
        text: {
          type: "mrkdwn",
          text: [`*${escapeSlack(alertHeadline(item, isTest(body)))}*`, ...details].join("\n"),
        },
        fields: [
          { type: "mrkdwn", text: `*Health score*\n${item.healthScore ?? 0}` },
          { type: "mrkdwn", text: `*Grade*\n${item.healthGrade ?? "-"}` },
          { type: "mrkdwn", text: `*Critical issues*\n${item.criticalIssuesCount}` },
          { type: "mrkdwn", text: `*Warnings*\n${item.warningIssuesCount}` },
        ],
      },
      {
        type: "actions",
        elements: [
          {
            type: "button",
            text: { type: "plain_text", text: item.dataSource ? "View report" : "Open dashboard" },
            url: item.reportUrl,
          },
        ],
      },
    );
  }
  if (body.alerts.length > shown.length) {
    blocks.push({
      type: "context",
      elements: [
        {
          type: "mrkdwn",
          text: `and ${plural(body.alerts.length - shown.length, "more alert")}: <${body.dashboardUrl}|open Utmost>`,
        },
      ],
    });
  }
  blocks.push({
    type: "context",
    elements: [{ type: "mrkdwn", text: `Workspace ${escapeSlack(body.workspace.name)} · Utmost` }],
  });
  return { text: alertSubject(body), blocks };
}

/** Slack's mrkdwn treats &, < and > as markup. */
function escapeSlack(value: string): string {
  return value.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
}
