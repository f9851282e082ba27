import { zodResolver } from "@hookform/resolvers/zod";
import {
  type AssignableWorkspaceRole,
  AssignableWorkspaceRoleSchema,
  SendInvitationRequestSchema,
} from "@utmost/contracts";
import { Send } from "lucide-react";
import { useId } from "react";
import { Controller, useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { useSendInvitation } from "../api/workspace-invitations";

const ROLES: { value: AssignableWorkspaceRole; label: string }[] = [
  { value: "member", label: "Member" },
  { value: "admin", label: "Admin" },
];

/** Spec §5 "Invite": email and role (member or admin, default member); send needs an email. */
export function InviteMemberForm({
  workspaceId,
  canInvite,
}: {
  workspaceId: string;
  canInvite: boolean;
}) {
  const emailId = useId();
  const roleId = useId();
  const form = useForm({
    resolver: zodResolver(SendInvitationRequestSchema),
    defaultValues: { email: "", role: "member" as AssignableWorkspaceRole },
  });
  const send = useSendInvitation(workspaceId, {
    onSuccess: () => form.reset({ email: "", role: "member" }),
  });
  const email = form.watch("email");
  const { errors } = form.formState;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Invite a teammate</CardTitle>
        <CardDescription>
          {canInvite
            ? "They get an email with a link to join this workspace. Invitations expire after 7 days."
            : "Only the workspace owner or an admin can invite members."}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          className="flex flex-col gap-4 sm:flex-row sm:items-start"
          onSubmit={form.handleSubmit((values) => send.mutate(values))}
        >
          <div className="flex-1">
            <FormField id={emailId} label="Email address" error={errors.email?.message}>
              <Input
                id={emailId}
                type="email"
                autoComplete="off"
                placeholder="teammate@company.com"
                disabled={!canInvite}
                aria-invalid={errors.email ? true : undefined}
                {...form.register("email")}
              />
            </FormField>
          </div>
          <div className="flex flex-col gap-2">
            <Label id={roleId}>Role</Label>
            <Controller
              control={form.control}
              name="role"
              render={({ field }) => (
                <Select
                  value={field.value}
                  disabled={!canInvite}
                  onValueChange={(value) => {
                    const role = AssignableWorkspaceRoleSchema.safeParse(value);
                    if (role.success) field.onChange(role.data);
                  }}
                >
                  <SelectTrigger className="w-full sm:w-32" aria-labelledby={roleId}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {ROLES.map((role) => (
                      <SelectItem key={role.value} value={role.value}>
                        {role.label}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          </div>
          <Button
            type="submit"
            className="sm:mt-[1.375rem]"
            disabled={!canInvite || email.trim() === "" || send.isPending}
          >
            {send.isPending ? <Spinner /> : <Send aria-hidden />}
            Send Invitation
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
