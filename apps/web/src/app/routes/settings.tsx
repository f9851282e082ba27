import { useNavigate } from "react-router";
import { LoadingScreen } from "@/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { BillingSettings } from "@/features/billing/components/billing-settings";
import { ProfileSettings } from "@/features/settings/components/profile-settings";
import { SessionsSettings } from "@/features/settings/components/sessions-settings";
import { TwoFactorSettings } from "@/features/settings/components/two-factor-settings";
import { YourDataSettings } from "@/features/settings/components/your-data-settings";
import { WorkspaceSettings } from "@/features/workspaces/components/workspace-settings";
import { useMe } from "@/lib/auth";
import { useSelectedWorkspace } from "@/lib/workspaces";

export const SETTINGS_TABS = ["profile", "workspace", "billing"] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

function isSettingsTab(value: string): value is SettingsTab {
  return (SETTINGS_TABS as readonly string[]).includes(value);
}

/** `/settings` and `/settings/{tab}`: changing tab changes the route (spec §2). */
export function SettingsRoute({ tab }: { tab: SettingsTab }) {
  const navigate = useNavigate();
  const { data: me } = useMe();
  const { workspace, isPending } = useSelectedWorkspace();
  if (!me) return <LoadingScreen />;

  return (
    <Tabs
      className="max-w-4xl"
      value={tab}
      onValueChange={(value) => {
        if (isSettingsTab(value)) navigate(`/settings/${value}`);
      }}
    >
      <TabsList>
        <TabsTrigger value="profile">Profile</TabsTrigger>
        <TabsTrigger value="workspace">Workspace</TabsTrigger>
        <TabsTrigger value="billing">Billing</TabsTrigger>
      </TabsList>
      <TabsContent value="profile" className="flex flex-col gap-6">
        <ProfileSettings me={me} />
        <TwoFactorSettings me={me} />
        <SessionsSettings />
        <YourDataSettings me={me} />
      </TabsContent>
      <TabsContent value="workspace">
        {isPending ? <LoadingScreen /> : <WorkspaceSettings workspace={workspace} />}
      </TabsContent>
      <TabsContent value="billing">
        <BillingSettings />
      </TabsContent>
    </Tabs>
  );
}
