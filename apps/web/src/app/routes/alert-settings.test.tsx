import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { AlertRule, SubscriptionTier } from "@utmost/contracts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { formatDate } from "@/lib/format";
import { makeAlertDelivery, makeAlertRule } from "@/testing/alerts";
import { makeDataSource, makeWorkspace } from "@/testing/factories";
import { jsonResponse, renderRoutes, stubFetch } from "@/testing/render";
import { AlertSettingsRoute } from "./alert-settings";

const me = {
  user: {
    id: "u1",
    fullName: "Ada Lovelace",
    email: "ada@example.com",
    createdAt: "2025-11-01T00:00:00.000Z",
  },
  isAdmin: false,
  onboardingCompleted: true,
  subscription: { tier: "pro", status: "active", dataSourceLimit: 1, dataSourcesUsed: 1 },
};

/** The owner pays for Team, which sells every channel (spec §9 Plans). */
const workspace = makeWorkspace({ name: "Acme Team", type: "team", ownerTier: "advanced" });
const base = `/api/workspaces/${workspace.id}`;
const store = makeDataSource({ workspaceId: workspace.id, name: "Acme Store" });

type Handlers = Parameters<typeof stubFetch>[0];

/**
 * The page with `rules` listed; `extra` adds or replaces handlers. `ownerTier` is the plan of the
 * workspace's owner.
 */
function arrange(
  rules: AlertRule[],
  extra: Handlers = {},
  ownerTier: SubscriptionTier = workspace.ownerTier ?? "advanced",
) {
  const fetchMock = stubFetch({
    "GET /api/session": () => jsonResponse(200, me),
    "GET /api/workspaces": () => jsonResponse(200, { workspaces: [{ ...workspace, ownerTier }] }),
    [`GET ${base}/alert-rules`]: () => jsonResponse(200, { alertRules: rules }),
    [`GET ${base}/data-sources`]: () => jsonResponse(200, { dataSources: [store] }),
    ...extra,
  });
  renderRoutes([{ path: "/alert-settings", element: <AlertSettingsRoute /> }], "/alert-settings");
  return fetchMock;
}

function requests(fetchMock: ReturnType<typeof stubFetch>, method: string, path: string) {
  return fetchMock.mock.calls
    .filter(([input, init]) => String(input) === path && (init?.method ?? "GET") === method)
    .map(([, init]) => (typeof init?.body === "string" ? JSON.parse(init.body) : undefined));
}

/** Picks `option` in the Radix select labelled `label`. */
async function choose(scope: ReturnType<typeof within>, label: string, option: string) {
  fireEvent.keyDown(scope.getByRole("combobox", { name: label }), { key: "Enter" });
  fireEvent.keyDown(await screen.findByRole("option", { name: option }), { key: "Enter" });
}

const scoreRule = makeAlertRule({
  workspaceId: workspace.id,
  dataSourceId: store.id,
  dataSource: { id: store.id, name: "Acme Store", ga4AccountName: "Acme Inc." },
  thresholdValue: 60,
  lastTriggeredAt: "2025-11-05T08:30:00.000Z",
});
const webhookRule = makeAlertRule({
  workspaceId: workspace.id,
  alertType: "webhook",
  triggerCondition: "new_critical_issue",
  thresholdValue: null,
  frequency: "realtime",
  destination: "https://hooks.example.com/utmost",
  isActive: false,
});

describe("/alert-settings", () => {
  beforeEach(() => {
    Element.prototype.scrollIntoView = vi.fn();
  });
  afterEach(() => {
    Reflect.deleteProperty(Element.prototype, "scrollIntoView");
  });

  it("asks for a workspace when there is none", async () => {
    stubFetch({
      "GET /api/session": () => jsonResponse(200, me),
      "GET /api/workspaces": () => jsonResponse(200, { workspaces: [] }),
    });
    renderRoutes([{ path: "/alert-settings", element: <AlertSettingsRoute /> }], "/alert-settings");
    expect(await screen.findByText("Please select a workspace first")).toBeTruthy();
  });

  it("lists rules with their trigger, property, frequency and last trigger", async () => {
    arrange([scoreRule, webhookRule]);
    const score = within(await screen.findByRole("row", { name: "Email: Score drops below 60" }));
    expect(score.getByText("Acme Store")).toBeTruthy();
    expect(score.getByText("Daily digest")).toBeTruthy();
    expect(score.getByText(formatDate("2025-11-05T08:30:00.000Z"))).toBeTruthy();
    expect(score.getByRole("switch", { name: "Turn alert rule off" })).toBeTruthy();

    const webhook = within(screen.getByRole("row", { name: "Webhook: New critical issue" }));
    expect(webhook.getByText("All properties")).toBeTruthy();
    expect(webhook.getByText("Realtime")).toBeTruthy();
    expect(webhook.getByText("Never")).toBeTruthy();
    expect(webhook.getByRole("switch", { name: "Turn alert rule on" })).toBeTruthy();
    for (const name of ["Send test alert", "Delivery log", "Edit", "Delete"]) {
      expect(webhook.getByRole("button", { name })).toBeTruthy();
    }
  });

  it("marks an email recipient that has not confirmed yet", async () => {
    const awaiting = makeAlertRule({
      workspaceId: workspace.id,
      triggerCondition: "scan_completed",
      thresholdValue: null,
      destination: "client@example.org",
      recipientStatus: "awaiting_confirmation",
    });
    arrange([awaiting, scoreRule]);
    const row = within(await screen.findByRole("row", { name: "Email: Scan completed" }));
    expect(row.getByText("Awaiting confirmation")).toBeTruthy();
    const confirmed = within(screen.getByRole("row", { name: "Email: Score drops below 60" }));
    expect(confirmed.queryByText("Awaiting confirmation")).toBeNull();
  });

  it("starts from the empty state and creates a rule with the spec's defaults", async () => {
    const created = makeAlertRule({ workspaceId: workspace.id, destination: "team@acme.com" });
    let rules: AlertRule[] = [];
    const fetchMock = arrange([], {
      [`GET ${base}/alert-rules`]: () => jsonResponse(200, { alertRules: rules }),
      [`POST ${base}/alert-rules`]: () => {
        rules = [created];
        return jsonResponse(201, { alertRule: created, signingSecret: null });
      },
    });
    expect(await screen.findByText("No alert rules configured yet")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Create Your First Alert" }));

    const dialog = within(await screen.findByRole("dialog", { name: "Create Alert Rule" }));
    expect(dialog.getByRole("combobox", { name: "Alert Type" }).textContent).toBe("Email");
    expect(dialog.getByRole("combobox", { name: "Trigger Condition" }).textContent).toBe(
      "Score drops below",
    );
    expect(dialog.getByRole("combobox", { name: "Frequency" }).textContent).toBe("Daily digest");
    expect(dialog.getByRole("combobox", { name: "Data Source" }).textContent).toBe(
      "All properties",
    );
    expect(dialog.getByLabelText<HTMLInputElement>("Threshold (0-100)").value).toBe("70");

    // The destination is required.
    fireEvent.click(dialog.getByRole("button", { name: "Create Alert Rule" }));
    expect(await dialog.findByText("Destination is required")).toBeTruthy();
    expect(requests(fetchMock, "POST", `${base}/alert-rules`)).toEqual([]);

    fireEvent.change(dialog.getByLabelText("Email Address"), {
      target: { value: "team@acme.com" },
    });
    fireEvent.click(dialog.getByRole("button", { name: "Create Alert Rule" }));

    expect(await screen.findByText("Alert rule created successfully")).toBeTruthy();
    expect(requests(fetchMock, "POST", `${base}/alert-rules`)).toEqual([
      {
        alertType: "email",
        triggerCondition: "score_drops_below",
        thresholdValue: 70,
        dataSourceId: null,
        frequency: "daily",
        destination: "team@acme.com",
      },
    ]);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(await screen.findByRole("row", { name: "Email: Score drops below 70" })).toBeTruthy();
  });

  it("labels the destination by type and shows the threshold only for a score drop", async () => {
    const created = makeAlertRule({ workspaceId: workspace.id, alertType: "webhook" });
    const fetchMock = arrange([], {
      [`POST ${base}/alert-rules`]: () =>
        jsonResponse(201, { alertRule: created, signingSecret: "whsec_abc123" }),
    });
    fireEvent.click(await screen.findByRole("button", { name: "Create Alert Rule" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Create Alert Rule" }));

    await choose(dialog, "Alert Type", "Slack");
    expect(dialog.getByLabelText("Slack Webhook URL")).toBeTruthy();
    await choose(dialog, "Alert Type", "Webhook");
    expect(dialog.getByLabelText("Webhook URL")).toBeTruthy();
    expect(dialog.queryByLabelText("Email Address")).toBeNull();

    await choose(dialog, "Trigger Condition", "New critical issue");
    expect(dialog.queryByLabelText("Threshold (0-100)")).toBeNull();
    await choose(dialog, "Data Source", "Acme Store");
    await choose(dialog, "Frequency", "Realtime");
    fireEvent.change(dialog.getByLabelText("Webhook URL"), {
      target: { value: "https://hooks.example.com/utmost" },
    });
    fireEvent.click(dialog.getByRole("button", { name: "Create Alert Rule" }));

    // A webhook rule's signing secret is shown once.
    const secret = within(await screen.findByRole("dialog", { name: "Signing secret" }));
    expect(secret.getByText("whsec_abc123")).toBeTruthy();
    expect(requests(fetchMock, "POST", `${base}/alert-rules`)).toEqual([
      {
        alertType: "webhook",
        triggerCondition: "new_critical_issue",
        thresholdValue: null,
        dataSourceId: store.id,
        frequency: "realtime",
        destination: "https://hooks.example.com/utmost",
      },
    ]);
  });

  it("shows the server's reason when a rule cannot be created", async () => {
    arrange([], {
      [`POST ${base}/alert-rules`]: () =>
        jsonResponse(404, { error: { code: "NOT_FOUND", message: "Workspace not found" } }),
    });
    fireEvent.click(await screen.findByRole("button", { name: "Create Alert Rule" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Create Alert Rule" }));
    fireEvent.change(dialog.getByLabelText("Email Address"), {
      target: { value: "team@acme.com" },
    });
    fireEvent.click(dialog.getByRole("button", { name: "Create Alert Rule" }));
    expect(
      await screen.findByText("Failed to create alert rule: Workspace not found"),
    ).toBeTruthy();
    expect(screen.getByRole("dialog", { name: "Create Alert Rule" })).toBeTruthy();
  });

  it("edits a rule from its current values", async () => {
    const path = `/api/alert-rules/${scoreRule.id}`;
    const fetchMock = arrange([scoreRule], {
      [`PUT ${path}`]: () => jsonResponse(200, { alertRule: scoreRule, signingSecret: null }),
    });
    const row = within(await screen.findByRole("row", { name: "Email: Score drops below 60" }));
    fireEvent.click(row.getByRole("button", { name: "Edit" }));

    const dialog = within(await screen.findByRole("dialog", { name: "Edit Alert Rule" }));
    expect(dialog.getByLabelText<HTMLInputElement>("Threshold (0-100)").value).toBe("60");
    expect(dialog.getByRole("combobox", { name: "Data Source" }).textContent).toBe("Acme Store");
    fireEvent.change(dialog.getByLabelText("Threshold (0-100)"), { target: { value: "55" } });
    fireEvent.click(dialog.getByRole("button", { name: "Save Changes" }));

    expect(await screen.findByText("Alert rule updated successfully")).toBeTruthy();
    expect(requests(fetchMock, "PUT", path)).toEqual([
      {
        alertType: "email",
        triggerCondition: "score_drops_below",
        thresholdValue: 55,
        dataSourceId: store.id,
        frequency: "daily",
        destination: "alerts@example.com",
      },
    ]);
  });

  it("gives a webhook rule a new signing secret from its edit form", async () => {
    const path = `/api/alert-rules/${webhookRule.id}/signing-secret`;
    const fetchMock = arrange([webhookRule], {
      [`POST ${path}`]: () => jsonResponse(200, { signingSecret: "whsec_new456" }),
    });
    const row = within(await screen.findByRole("row", { name: "Webhook: New critical issue" }));
    fireEvent.click(row.getByRole("button", { name: "Edit" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Edit Alert Rule" }));
    fireEvent.click(dialog.getByRole("button", { name: "New Signing Secret" }));

    const secret = within(await screen.findByRole("dialog", { name: "Signing secret" }));
    expect(secret.getByText("whsec_new456")).toBeTruthy();
    expect(requests(fetchMock, "POST", path)).toHaveLength(1);
    expect(screen.queryByRole("dialog", { name: "Edit Alert Rule" })).toBeNull();
  });

  it("offers no signing secret for an email rule", async () => {
    arrange([scoreRule]);
    const row = within(await screen.findByRole("row", { name: "Email: Score drops below 60" }));
    fireEvent.click(row.getByRole("button", { name: "Edit" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Edit Alert Rule" }));
    expect(dialog.queryByRole("button", { name: "New Signing Secret" })).toBeNull();
  });

  it("turns a rule off and on with its switch", async () => {
    const path = `/api/alert-rules/${scoreRule.id}`;
    const fetchMock = arrange([scoreRule], {
      [`PATCH ${path}`]: ({ body }) =>
        jsonResponse(200, {
          alertRule: { ...scoreRule, ...(body as object) },
          signingSecret: null,
        }),
    });
    fireEvent.click(await screen.findByRole("switch", { name: "Turn alert rule off" }));
    expect(await screen.findByText("Alert rule updated successfully")).toBeTruthy();
    expect(requests(fetchMock, "PATCH", path)).toEqual([{ isActive: false }]);
  });

  it("sends a test alert and tells how it went", async () => {
    const path = `/api/alert-rules/${scoreRule.id}/test`;
    let fail = false;
    arrange([scoreRule], {
      [`POST ${path}`]: () =>
        fail
          ? jsonResponse(502, {
              error: { code: "ALERT_DELIVERY_FAILED", message: "The webhook answered HTTP 500" },
            })
          : jsonResponse(200, { delivery: makeAlertDelivery({ alertRuleId: scoreRule.id }) }),
    });
    const row = within(await screen.findByRole("row", { name: "Email: Score drops below 60" }));
    fireEvent.click(row.getByRole("button", { name: "Send test alert" }));
    expect(await screen.findByText("Test alert sent successfully")).toBeTruthy();

    fail = true;
    await waitFor(() =>
      expect(row.getByRole("button", { name: "Send test alert" })).toHaveProperty(
        "disabled",
        false,
      ),
    );
    fireEvent.click(row.getByRole("button", { name: "Send test alert" }));
    expect(
      await screen.findByText("Failed to send test alert: The webhook answered HTTP 500"),
    ).toBeTruthy();
  });

  it("deletes a rule after confirming", async () => {
    const path = `/api/alert-rules/${scoreRule.id}`;
    let deleted = false;
    arrange([scoreRule], {
      [`GET ${base}/alert-rules`]: () =>
        jsonResponse(200, { alertRules: deleted ? [] : [scoreRule] }),
      [`DELETE ${path}`]: () => {
        deleted = true;
        return new Response(null, { status: 204 });
      },
    });
    const row = within(await screen.findByRole("row", { name: "Email: Score drops below 60" }));
    fireEvent.click(row.getByRole("button", { name: "Delete" }));
    const dialog = within(await screen.findByRole("alertdialog"));
    expect(dialog.getByText("Delete alert rule?")).toBeTruthy();
    fireEvent.click(dialog.getByRole("button", { name: "Delete Alert Rule" }));

    expect(await screen.findByText("Alert rule deleted successfully")).toBeTruthy();
    expect(await screen.findByText("No alert rules configured yet")).toBeTruthy();
  });

  it("says why a delete failed and keeps the confirmation open", async () => {
    arrange([scoreRule], {
      [`DELETE /api/alert-rules/${scoreRule.id}`]: () =>
        jsonResponse(404, { error: { code: "NOT_FOUND", message: "Alert rule not found" } }),
    });
    const row = within(await screen.findByRole("row", { name: "Email: Score drops below 60" }));
    fireEvent.click(row.getByRole("button", { name: "Delete" }));
    const dialog = within(await screen.findByRole("alertdialog"));
    fireEvent.click(dialog.getByRole("button", { name: "Delete Alert Rule" }));
    expect(
      await screen.findByText("Failed to delete alert rule: Alert rule not found"),
    ).toBeTruthy();
    expect(screen.getByRole("alertdialog")).toBeTruthy();
  });

  it("shows a rule's delivery log", async () => {
    arrange([webhookRule], {
      [`GET /api/alert-rules/${webhookRule.id}/deliveries`]: ({ url }) => {
        expect(url.searchParams.get("limit")).toBe("20");
        return jsonResponse(200, {
          deliveries: [
            makeAlertDelivery({
              kind: "realtime",
              status: "failed",
              attempts: 4,
              lastError: "The webhook answered HTTP 500",
              deliveredAt: null,
            }),
            makeAlertDelivery({ kind: "test" }),
          ],
        });
      },
    });
    const row = within(await screen.findByRole("row", { name: "Webhook: New critical issue" }));
    fireEvent.click(row.getByRole("button", { name: "Delivery log" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Delivery Log" }));
    expect(await dialog.findByText("The webhook answered HTTP 500")).toBeTruthy();
    expect(dialog.getByText("Failed")).toBeTruthy();
    expect(dialog.getByText("4 attempts")).toBeTruthy();
    expect(dialog.getByText("Delivered")).toBeTruthy();
  });

  describe("the channels the workspace owner's plan sells", () => {
    it("points a Free workspace to billing and keeps its create buttons off", async () => {
      arrange([], {}, "free");
      expect(await screen.findByText("No alert rules configured yet")).toBeTruthy();
      expect(screen.getByText("Alerts are part of the Pro plan and above.")).toBeTruthy();
      expect(screen.getByRole("link", { name: "Upgrade your plan" }).getAttribute("href")).toBe(
        "/settings/billing",
      );
      for (const name of ["Create Alert Rule", "Create Your First Alert"]) {
        expect(screen.getByRole("button", { name })).toHaveProperty("disabled", true);
      }
    });

    it("keeps a downgraded owner's rules listed, to switch off or delete", async () => {
      arrange([webhookRule, scoreRule], {}, "free");
      const row = within(await screen.findByRole("row", { name: "Email: Score drops below 60" }));
      expect(screen.getByText("Alerts are part of the Pro plan and above.")).toBeTruthy();
      expect(row.getByRole("switch", { name: "Turn alert rule off" })).toHaveProperty(
        "disabled",
        false,
      );
      expect(row.getByRole("button", { name: "Delete" })).toHaveProperty("disabled", false);
    });

    it("offers Pro email only, marking Slack and webhooks as the Team plan's", async () => {
      arrange([], {}, "pro");
      const create = await screen.findByRole("button", { name: "Create Alert Rule" });
      expect(create).toHaveProperty("disabled", false);
      expect(screen.queryByText("Alerts are part of the Pro plan and above.")).toBeNull();
      fireEvent.click(create);
      const dialog = within(await screen.findByRole("dialog", { name: "Create Alert Rule" }));
      fireEvent.keyDown(dialog.getByRole("combobox", { name: "Alert Type" }), { key: "Enter" });
      const options = await screen.findAllByRole("option");
      expect(
        options.map((option) => [
          option.textContent,
          option.getAttribute("aria-disabled") === "true",
        ]),
      ).toEqual([
        ["Email", false],
        ["Slack (Team plan)", true],
        ["Webhook (Team plan)", true],
      ]);
    });

    it("shows the server's refusal of an edit to a channel the plan lost", async () => {
      const slackRule = makeAlertRule({
        workspaceId: workspace.id,
        alertType: "slack",
        destination: "https://hooks.slack.com/services/T/B/x",
      });
      const message = "Slack alerts are part of the Team plan and above. Upgrade to use them.";
      arrange(
        [slackRule],
        {
          [`PUT /api/alert-rules/${slackRule.id}`]: () =>
            jsonResponse(403, { error: { code: "PLAN_UPGRADE_REQUIRED", message } }),
        },
        "pro",
      );
      const row = within(await screen.findByRole("row", { name: "Slack: Score drops below 70" }));
      fireEvent.click(row.getByRole("button", { name: "Edit" }));
      const dialog = within(await screen.findByRole("dialog", { name: "Edit Alert Rule" }));
      expect(dialog.getByRole("combobox", { name: "Alert Type" }).textContent).toBe(
        "Slack (Team plan)",
      );
      fireEvent.click(dialog.getByRole("button", { name: "Save Changes" }));
      expect(await screen.findByText(`Failed to update alert rule: ${message}`)).toBeTruthy();
    });
  });
});
