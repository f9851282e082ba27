import { zodResolver } from "@hookform/resolvers/zod";
import {
  BRAND_LOGO_CONTENT_TYPES,
  BRAND_LOGO_MAX_BYTES,
  DEFAULT_BRAND_COLOR,
  planOf,
  type UpdateBrandingRequest,
  UpdateBrandingRequestSchema,
  type WorkspaceSummary,
  workspaceRoleCan,
} from "@utmost/contracts";
import { ImagePlus, Trash2 } from "lucide-react";
import { type ChangeEvent, useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { UpgradeNotice } from "@/components/upgrade-notice";
import {
  brandLogoUrl,
  useBranding,
  useRemoveBrandLogo,
  useUpdateBranding,
  useUploadBrandLogo,
} from "../api/branding";

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error("The file could not be read"));
    reader.readAsDataURL(file);
  });
}

/**
 * Settings → Workspace: the name, colour and logo printed on the workspace's PDF reports in place
 * of the product's own (issue 10). Owners and admins change them; members see them. A plan
 * without white-label reports sees the defaults, disabled, and which plan has them.
 */
export function ReportBrandingCard({ workspace }: { workspace: WorkspaceSummary }) {
  const sold = planOf(workspace.ownerTier).whiteLabelReports;
  const canEdit = sold && workspaceRoleCan(workspace.role, "manageBranding");
  const branding = useBranding(workspace.id, { enabled: sold });
  const values = branding.data ?? {
    displayName: workspace.name,
    brandColor: DEFAULT_BRAND_COLOR,
    hasLogo: false,
    updatedAt: null,
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Report branding</CardTitle>
        <CardDescription>
          The name, colour and logo on this workspace's PDF reports, so they go to clients under
          your brand.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {sold ? null : (
          <UpgradeNotice
            feature="White-label PDF reports"
            sells={(plan) => plan.whiteLabelReports}
          />
        )}
        {sold && !canEdit ? (
          <p className="text-sm text-muted-foreground">
            Only the workspace owner or an admin can change the report branding.
          </p>
        ) : null}
        {branding.isPending && sold ? (
          <Skeleton className="h-48 w-full max-w-md" />
        ) : branding.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Could not load the report branding: {branding.error.message}
          </p>
        ) : (
          <>
            <BrandingForm
              key={workspace.id}
              workspaceId={workspace.id}
              initial={{ displayName: values.displayName, brandColor: values.brandColor }}
              disabled={!canEdit}
            />
            <LogoField
              workspaceId={workspace.id}
              hasLogo={values.hasLogo}
              version={values.updatedAt}
              disabled={!canEdit}
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}

type FormValues = z.input<typeof UpdateBrandingRequestSchema>;

function BrandingForm({
  workspaceId,
  initial,
  disabled,
}: {
  workspaceId: string;
  initial: UpdateBrandingRequest;
  disabled: boolean;
}) {
  const nameId = useId();
  const colorId = useId();
  const form = useForm<FormValues, unknown, z.output<typeof UpdateBrandingRequestSchema>>({
    resolver: zodResolver(UpdateBrandingRequestSchema),
    // Saved values replace the form's once the server answers; a logo upload leaves the name
    // and colour as they are, so edits in progress stay.
    values: initial,
  });
  const { errors, isDirty } = form.formState;
  const update = useUpdateBranding(workspaceId);
  const color = form.watch("brandColor");

  return (
    <form
      noValidate
      aria-label="Report branding"
      className="flex max-w-md flex-col gap-5"
      onSubmit={form.handleSubmit((body) => update.mutate(body))}
    >
      <FormField id={nameId} label="Display name" error={errors.displayName?.message}>
        <Input
          id={nameId}
          autoComplete="organization"
          maxLength={80}
          disabled={disabled}
          aria-invalid={errors.displayName ? true : undefined}
          {...form.register("displayName")}
        />
      </FormField>
      <FormField
        id={colorId}
        label="Brand colour"
        error={errors.brandColor?.message}
        hint="The header band and the trend chart of each report."
      >
        <div className="flex items-center gap-3">
          <input
            type="color"
            aria-label="Pick the brand colour"
            className="h-9 w-12 cursor-pointer rounded-md border border-input bg-card p-1 disabled:cursor-not-allowed disabled:opacity-60"
            disabled={disabled}
            value={HEX_COLOR.test(color) ? color.toLowerCase() : DEFAULT_BRAND_COLOR}
            onChange={(event) =>
              form.setValue("brandColor", event.target.value, {
                shouldDirty: true,
                shouldValidate: true,
              })
            }
          />
          <Input
            id={colorId}
            className="w-32 font-mono"
            spellCheck={false}
            maxLength={7}
            disabled={disabled}
            aria-invalid={errors.brandColor ? true : undefined}
            {...form.register("brandColor")}
          />
        </div>
      </FormField>
      {disabled ? null : (
        <Button type="submit" className="w-fit" disabled={update.isPending || !isDirty}>
          {update.isPending ? <Spinner /> : null}
          Save
        </Button>
      )}
    </form>
  );
}

function LogoField({
  workspaceId,
  hasLogo,
  version,
  disabled,
}: {
  workspaceId: string;
  hasLogo: boolean;
  version: string | null;
  disabled: boolean;
}) {
  const inputId = useId();
  const errorId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const upload = useUploadBrandLogo(workspaceId);
  const remove = useRemoveBrandLogo(workspaceId);
  const [fileError, setFileError] = useState<string | null>(null);

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    setFileError(null);
    if (!(BRAND_LOGO_CONTENT_TYPES as readonly string[]).includes(file.type)) {
      setFileError("The logo must be a PNG or JPEG image");
      return;
    }
    if (file.size > BRAND_LOGO_MAX_BYTES) {
      setFileError("The logo must be at most 512 KB");
      return;
    }
    upload.mutate(await readAsDataUrl(file));
  }

  return (
    <div className="flex max-w-md flex-col gap-2">
      <Label htmlFor={inputId}>Logo</Label>
      <div className="flex flex-wrap items-center gap-4">
        <div className="flex h-16 w-40 items-center justify-center overflow-hidden rounded-md border bg-muted/40">
          {hasLogo ? (
            <img
              src={brandLogoUrl(workspaceId, version)}
              alt="Report logo"
              className="max-h-14 max-w-36 object-contain"
            />
          ) : (
            <span className="text-xs text-muted-foreground">No logo</span>
          )}
        </div>
        <input
          ref={fileInput}
          id={inputId}
          type="file"
          accept="image/png,image/jpeg"
          className="sr-only"
          disabled={disabled || upload.isPending}
          aria-describedby={fileError ? errorId : undefined}
          onChange={onFile}
        />
        {disabled ? null : (
          <div className="flex gap-2">
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={upload.isPending}
              onClick={() => fileInput.current?.click()}
            >
              {upload.isPending ? <Spinner /> : <ImagePlus aria-hidden />}
              {hasLogo ? "Replace logo" : "Upload logo"}
            </Button>
            {hasLogo ? (
              <Button
                type="button"
                variant="ghost"
                size="sm"
                disabled={remove.isPending}
                onClick={() => remove.mutate()}
              >
                {remove.isPending ? <Spinner /> : <Trash2 aria-hidden />}
                Remove logo
              </Button>
            ) : null}
          </div>
        )}
      </div>
      {fileError ? (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {fileError}
        </p>
      ) : (
        <p className="text-xs text-muted-foreground">PNG or JPEG, at most 512 KB.</p>
      )}
    </div>
  );
}
