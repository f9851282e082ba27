import { zodResolver } from "@hookform/resolvers/zod";
import { type MeResponse, UpdateProfileRequestSchema } from "@utmost/contracts";
import { useForm } from "react-hook-form";
import { Avatar, AvatarFallback } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { getInitials } from "@/lib/initials";
import { useUpdateProfile } from "../api/update-profile";

export function ProfileSettings({ me }: { me: MeResponse }) {
  const form = useForm({
    resolver: zodResolver(UpdateProfileRequestSchema),
    values: { fullName: me.user.fullName },
  });
  const { errors, isDirty } = form.formState;
  const update = useUpdateProfile();

  return (
    <Card>
      <CardHeader>
        <CardTitle>Profile</CardTitle>
        <CardDescription>Your name as your team sees it.</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          className="flex max-w-md flex-col gap-5"
          onSubmit={form.handleSubmit((values) => update.mutate(values))}
        >
          <div className="flex items-center gap-4">
            <Avatar className="size-16">
              <AvatarFallback className="text-lg">{getInitials(me.user.fullName)}</AvatarFallback>
            </Avatar>
            <div className="min-w-0">
              <p className="truncate font-medium">{me.user.fullName}</p>
              <p className="truncate text-sm text-muted-foreground">{me.user.email}</p>
            </div>
          </div>
          <FormField id="fullName" label="Full name" error={errors.fullName?.message}>
            <Input
              id="fullName"
              autoComplete="name"
              aria-invalid={errors.fullName ? true : undefined}
              {...form.register("fullName")}
            />
          </FormField>
          <FormField id="email" label="Email" hint="Contact support to change your email address">
            <Input id="email" type="email" value={me.user.email} readOnly />
          </FormField>
          <Button type="submit" className="w-fit" disabled={update.isPending || !isDirty}>
            {update.isPending ? <Spinner /> : null}
            Save Changes
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
