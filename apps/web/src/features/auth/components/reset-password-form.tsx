import { zodResolver } from "@hookform/resolvers/zod";
import { ResetPasswordRequestSchema } from "@utmost/contracts";
import { useForm } from "react-hook-form";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { SubmitButton } from "./submit-button";

const NewPasswordSchema = ResetPasswordRequestSchema.pick({ newPassword: true });

export function ResetPasswordForm({
  pending,
  onSubmit,
}: {
  pending: boolean;
  onSubmit: (newPassword: string) => void;
}) {
  const form = useForm({
    resolver: zodResolver(NewPasswordSchema),
    defaultValues: { newPassword: "" },
  });
  const { errors } = form.formState;

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit((values) => onSubmit(values.newPassword))}
    >
      <FormField id="newPassword" label="New password" error={errors.newPassword?.message}>
        <Input
          id="newPassword"
          type="password"
          autoComplete="new-password"
          aria-invalid={errors.newPassword ? true : undefined}
          {...form.register("newPassword")}
        />
      </FormField>
      <SubmitButton pending={pending} pendingLabel="Saving">
        Set New Password
      </SubmitButton>
    </form>
  );
}
