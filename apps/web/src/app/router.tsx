import { createBrowserRouter, type RouteObject } from "react-router";
import { RequireAuth } from "./require-auth";
import type { RouteHandle } from "./route-handle";
import { AdminRoute } from "./routes/admin";
import { AlertSettingsRoute } from "./routes/alert-settings";
import { AppRoot } from "./routes/app-root";
import { AuthRoute } from "./routes/auth";
import { ConnectDataSourceRoute } from "./routes/connect-data-source";
import { DashboardRoute } from "./routes/dashboard";
import { DataSourceHealthRoute } from "./routes/data-source-health";
import { DataSourcesRoute } from "./routes/data-sources";
import { DocsRoute } from "./routes/docs";
import { InviteAcceptRoute } from "./routes/invite-accept";
import { LandingRoute } from "./routes/landing";
import { GdprRoute, PrivacyRoute, TermsRoute } from "./routes/legal";
import { NotFoundRoute } from "./routes/not-found";
import { OnboardingRoute } from "./routes/onboarding";
import { OutboxRoute } from "./routes/outbox";
import { ResetPasswordRoute } from "./routes/reset-password";
import { RootErrorRoute, RootRoute } from "./routes/root";
import { SettingsRoute } from "./routes/settings";
import { WorkspaceMembersRoute } from "./routes/workspace-members";

const handle = (title: string, subtitle?: string): RouteHandle => ({ title, subtitle });

/** Spec §2 "Guarded routes in a shared layout". */
const appRoutes: RouteObject[] = [
  {
    path: "/dashboard",
    element: <DashboardRoute />,
    handle: handle(
      "Dashboard",
      "Monitor your UTM tracking health and manage your analytics properties",
    ),
  },
  {
    path: "/data-sources",
    element: <DataSourcesRoute />,
    handle: handle("Analytics Properties", "Manage all connected analytics properties"),
  },
  {
    path: "/data-sources/:id/health",
    element: <DataSourceHealthRoute />,
    handle: handle("Health Report", "Detailed UTM tracking health analysis"),
  },
  {
    path: "/connect-data-source",
    element: <ConnectDataSourceRoute />,
    handle: handle(
      "Connect Analytics Property",
      "Connect a Google Analytics 4 property in about 60 seconds with one-click OAuth",
    ),
  },
  {
    path: "/alert-settings",
    element: <AlertSettingsRoute />,
    handle: handle("Alert Settings", "Configure notifications and alerts"),
  },
  {
    path: "/workspace/members",
    element: <WorkspaceMembersRoute />,
    handle: handle("Team Members", "Manage who has access to this workspace"),
  },
  // Each tab is its own path, so an unknown tab falls through to the 404 page.
  { path: "/settings", element: <SettingsRoute tab="profile" />, handle: handle("Settings") },
  {
    path: "/settings/profile",
    element: <SettingsRoute tab="profile" />,
    handle: handle("Profile Settings"),
  },
  {
    path: "/settings/workspace",
    element: <SettingsRoute tab="workspace" />,
    handle: handle("Workspace Settings"),
  },
  {
    path: "/settings/billing",
    element: <SettingsRoute tab="billing" />,
    handle: handle("Billing Settings"),
  },
  {
    path: "/admin",
    element: <AdminRoute />,
    handle: handle("Admin Panel", "System administration and management"),
  },
];

export const routes: RouteObject[] = [
  {
    element: <RootRoute />,
    errorElement: <RootErrorRoute />,
    children: [
      { path: "/", element: <LandingRoute /> },
      { path: "/auth", element: <AuthRoute /> },
      { path: "/auth/reset-password", element: <ResetPasswordRoute /> },
      { path: "/privacy", element: <PrivacyRoute /> },
      { path: "/terms", element: <TermsRoute /> },
      { path: "/gdpr", element: <GdprRoute /> },
      { path: "/docs", element: <DocsRoute /> },
      { path: "/invite/accept", element: <InviteAcceptRoute /> },
      { path: "/outbox", element: <OutboxRoute /> },
      {
        element: <RequireAuth />,
        children: [
          { path: "/onboarding", element: <OnboardingRoute /> },
          { element: <AppRoot />, children: appRoutes },
        ],
      },
      { path: "*", element: <NotFoundRoute /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
