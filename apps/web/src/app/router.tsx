import { createBrowserRouter, type RouteObject } from "react-router";
import { LoadingScreen } from "@/components/ui/spinner";
import { RequireAuth } from "./require-auth";
import type { RouteHandle } from "./route-handle";
import { LandingRoute } from "./routes/landing";
import { NotFoundRoute } from "./routes/not-found";
import { RootErrorRoute, RootRoute } from "./routes/root";

const handle = (title: string, subtitle?: string): RouteHandle => ({ title, subtitle });

/*
 * Only the landing page, the 404 page and the guard are in the entry bundle: every other route
 * loads its code on first visit (React Router's `lazy`), so a visitor on / downloads none of the
 * app (issue 9; figures in docs/performance.md, "Landing page weight").
 */

/** Spec §2 "Guarded routes in a shared layout". */
const appRoutes: RouteObject[] = [
  {
    path: "/dashboard",
    lazy: async () => ({ Component: (await import("./routes/dashboard")).DashboardRoute }),
    handle: handle(
      "Dashboard",
      "Monitor your UTM tracking health and manage your analytics properties",
    ),
  },
  {
    path: "/data-sources",
    lazy: async () => ({ Component: (await import("./routes/data-sources")).DataSourcesRoute }),
    handle: handle("Analytics Properties", "Manage all connected analytics properties"),
  },
  {
    path: "/data-sources/:id/health",
    lazy: async () => ({
      Component: (await import("./routes/data-source-health")).DataSourceHealthRoute,
    }),
    handle: handle("Health Report", "Detailed UTM tracking health analysis"),
  },
  {
    path: "/clients",
    lazy: async () => ({ Component: (await import("./routes/clients")).ClientsRoute }),
    handle: handle(
      "Client Overview",
      "Every property of your Agency workspaces, the ones needing attention first",
    ),
  },
  {
    path: "/connect-data-source",
    lazy: async () => ({
      Component: (await import("./routes/connect-data-source")).ConnectDataSourceRoute,
    }),
    handle: handle(
      "Connect Analytics Property",
      "Connect a Google Analytics 4 property in about 60 seconds with one-click OAuth",
    ),
  },
  {
    path: "/alert-settings",
    lazy: async () => ({
      Component: (await import("./routes/alert-settings")).AlertSettingsRoute,
    }),
    handle: handle("Alert Settings", "Configure notifications and alerts"),
  },
  {
    path: "/builder",
    lazy: async () => ({ Component: (await import("./routes/builder")).BuilderRoute }),
    handle: handle(
      "UTM Link Builder",
      "Build tagged links that follow your naming conventions and land in the right GA4 channel",
    ),
  },
  {
    path: "/workspace/members",
    lazy: async () => ({
      Component: (await import("./routes/workspace-members")).WorkspaceMembersRoute,
    }),
    handle: handle("Team Members", "Manage who has access to this workspace"),
  },
  // Each tab is its own path, so an unknown tab falls through to the 404 page.
  { path: "/settings", lazy: settingsTab("profile"), handle: handle("Settings") },
  {
    path: "/settings/profile",
    lazy: settingsTab("profile"),
    handle: handle("Profile Settings"),
  },
  {
    path: "/settings/workspace",
    lazy: settingsTab("workspace"),
    handle: handle("Workspace Settings"),
  },
  {
    path: "/settings/billing",
    lazy: settingsTab("billing"),
    handle: handle("Billing Settings"),
  },
  {
    path: "/admin",
    lazy: async () => ({ Component: (await import("./routes/admin")).AdminRoute }),
    handle: handle("Admin Panel", "System administration and management"),
  },
];

function settingsTab(tab: "profile" | "workspace" | "billing"): RouteObject["lazy"] {
  return async () => {
    const { SettingsRoute } = await import("./routes/settings");
    return { element: <SettingsRoute tab={tab} /> };
  };
}

export const routes: RouteObject[] = [
  {
    element: <RootRoute />,
    errorElement: <RootErrorRoute />,
    // Shown while a lazy route's code loads on the first page of a visit.
    hydrateFallbackElement: (
      <div className="flex min-h-svh">
        <LoadingScreen />
      </div>
    ),
    children: [
      { path: "/", element: <LandingRoute /> },
      {
        path: "/auth",
        handle: handle("Sign in"),
        lazy: async () => ({ Component: (await import("./routes/auth")).AuthRoute }),
      },
      {
        path: "/auth/reset-password",
        handle: handle("Reset password"),
        lazy: async () => ({
          Component: (await import("./routes/reset-password")).ResetPasswordRoute,
        }),
      },
      {
        path: "/privacy",
        handle: handle("Privacy Policy"),
        lazy: async () => ({ Component: (await import("./routes/legal")).PrivacyRoute }),
      },
      {
        path: "/terms",
        handle: handle("Terms of Service"),
        lazy: async () => ({ Component: (await import("./routes/legal")).TermsRoute }),
      },
      {
        path: "/gdpr",
        handle: handle("GDPR"),
        lazy: async () => ({ Component: (await import("./routes/legal")).GdprRoute }),
      },
      {
        path: "/docs",
        handle: handle("Documentation"),
        lazy: async () => ({ Component: (await import("./routes/docs")).DocsRoute }),
      },
      {
        path: "/docs/connect",
        handle: handle("Connect Google Analytics - Docs"),
        lazy: async () => ({ Component: (await import("./routes/docs")).DocsConnectRoute }),
      },
      {
        path: "/docs/score",
        handle: handle("The health score - Docs"),
        lazy: async () => ({ Component: (await import("./routes/docs")).DocsScoreRoute }),
      },
      {
        path: "/docs/checks/:checkId",
        handle: handle("Check reference"),
        lazy: async () => ({ Component: (await import("./routes/docs")).DocsCheckRoute }),
      },
      {
        path: "/invite/accept",
        handle: handle("Accept invitation"),
        lazy: async () => ({
          Component: (await import("./routes/invite-accept")).InviteAcceptRoute,
        }),
      },
      {
        path: "/alert-recipients/confirm",
        handle: handle("Confirm alert emails"),
        lazy: async () => ({
          Component: (await import("./routes/alert-recipient-confirm")).AlertRecipientConfirmRoute,
        }),
      },
      {
        path: "/outbox",
        handle: handle("Outbox"),
        lazy: async () => ({ Component: (await import("./routes/outbox")).OutboxRoute }),
      },
      {
        element: <RequireAuth />,
        children: [
          {
            path: "/onboarding",
            handle: handle("Get started"),
            lazy: async () => ({
              Component: (await import("./routes/onboarding")).OnboardingRoute,
            }),
          },
          {
            lazy: async () => ({ Component: (await import("./routes/app-root")).AppRoot }),
            children: appRoutes,
          },
        ],
      },
      { path: "*", element: <NotFoundRoute />, handle: handle("Page not found") },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
