import {
  type NamingConventionsValues,
  UTM_PARAM_KEYS,
  type UtmParamKey,
  type WorkspaceSummary,
  workspaceRoleCan,
} from "@utmost/contracts";
import { CONVENTION_TEMPLATES, type NamingConventions, validateConventions } from "@utmost/engine";
import { Lock } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api-client";
import { useConventions } from "@/lib/conventions";
import { useUpdateConventions } from "../api/update-conventions";

const EXAMPLES: Record<UtmParamKey, { allowed: string; pattern: string }> = {
  source: { allowed: "e.g. google, newsletter, facebook", pattern: "e.g. ^[a-z0-9_]+$" },
  medium: { allowed: "e.g. cpc, email, social", pattern: "e.g. ^[a-z_]+$" },
  campaign: { allowed: "e.g. spring_sale_2025", pattern: "e.g. ^[a-z0-9_]+_20[0-9]{2}$" },
  term: { allowed: "e.g. running shoes", pattern: "e.g. ^[a-z0-9 ]+$" },
  content: { allowed: "e.g. banner_a, banner_b", pattern: "e.g. ^[a-z0-9_]+$" },
  id: { allowed: "e.g. 12345", pattern: "e.g. ^[0-9]+$" },
};

/** What the form holds per parameter: the allowed values as a comma list, and the pattern. */
type Draft = Record<UtmParamKey, { allowed: string; pattern: string }>;

function toDraft(conventions: NamingConventions): Draft {
  const draft = {} as Draft;
  for (const param of UTM_PARAM_KEYS) {
    draft[param] = {
      allowed: (conventions[param]?.allowed ?? []).join(", "),
      pattern: conventions[param]?.pattern ?? "",
    };
  }
  return draft;
}

function toConventions(draft: Draft): NamingConventionsValues {
  const out: NamingConventionsValues = {};
  for (const param of UTM_PARAM_KEYS) {
    const allowed = draft[param].allowed
      .split(",")
      .map((value) => value.trim())
      .filter((value) => value !== "");
    const pattern = draft[param].pattern.trim();
    if (allowed.length === 0 && pattern === "") continue;
    out[param] = {
      ...(allowed.length > 0 ? { allowed } : {}),
      ...(pattern !== "" ? { pattern } : {}),
    };
  }
  return out;
}

function ConventionsForm({
  workspaceId,
  saved,
  canEdit,
}: {
  workspaceId: string;
  saved: NamingConventionsValues;
  canEdit: boolean;
}) {
  const formId = useId();
  const [draft, setDraft] = useState<Draft>(() => toDraft(saved));
  const update = useUpdateConventions(workspaceId);
  const conventions = useMemo(() => toConventions(draft), [draft]);
  const errors = useMemo(() => validateConventions(conventions), [conventions]);
  const dirty = JSON.stringify(conventions) !== JSON.stringify(toConventions(toDraft(saved)));

  const set = (param: UtmParamKey, field: "allowed" | "pattern", value: string) => {
    update.reset();
    setDraft((current) => ({ ...current, [param]: { ...current[param], [field]: value } }));
  };

  return (
    <form
      noValidate
      className="flex flex-col gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        if (errors.length === 0) update.mutate(conventions);
      }}
    >
      {canEdit ? (
        <div className="flex flex-col gap-2">
          <p className="text-sm font-medium">Start from a template</p>
          <div className="flex flex-wrap gap-2">
            {CONVENTION_TEMPLATES.map((template) => (
              <Button
                key={template.id}
                type="button"
                variant="outline"
                size="sm"
                title={template.description}
                onClick={() => {
                  update.reset();
                  setDraft((current) => ({
                    ...current,
                    ...pick(toDraft(template.conventions), template.conventions),
                  }));
                }}
              >
                {template.name}
              </Button>
            ))}
          </div>
        </div>
      ) : null}
      <div className="flex flex-col gap-4">
        {UTM_PARAM_KEYS.map((param) => {
          const messages = errors.filter((error) => error.param === param);
          const allowedId = `${formId}-${param}-allowed`;
          const patternId = `${formId}-${param}-pattern`;
          const errorId = `${formId}-${param}-error`;
          return (
            <fieldset key={param} className="grid gap-3 sm:grid-cols-[7rem_1fr_1fr] sm:items-start">
              <legend className="sr-only">utm_{param}</legend>
              <span aria-hidden className="pt-7 font-mono text-sm font-medium sm:pt-8">
                utm_{param}
              </span>
              <div className="flex flex-col gap-2">
                <Label htmlFor={allowedId}>Allowed utm_{param} values</Label>
                <Input
                  id={allowedId}
                  value={draft[param].allowed}
                  readOnly={!canEdit}
                  placeholder={canEdit ? EXAMPLES[param].allowed : "Any value"}
                  aria-describedby={messages.length > 0 ? errorId : undefined}
                  onChange={(event) => set(param, "allowed", event.target.value)}
                />
              </div>
              <div className="flex flex-col gap-2">
                <Label htmlFor={patternId}>utm_{param} pattern</Label>
                <Input
                  id={patternId}
                  className="font-mono"
                  value={draft[param].pattern}
                  readOnly={!canEdit}
                  placeholder={canEdit ? EXAMPLES[param].pattern : "None"}
                  aria-invalid={messages.length > 0 ? true : undefined}
                  aria-describedby={messages.length > 0 ? errorId : undefined}
                  onChange={(event) => set(param, "pattern", event.target.value)}
                />
              </div>
              {messages.length > 0 ? (
                <p
                  id={errorId}
                  role="alert"
                  className="text-sm text-destructive sm:col-start-2 sm:col-end-4"
                >
                  {messages.map((error) => error.message).join(". ")}
                </p>
              ) : null}
            </fieldset>
          );
        })}
      </div>
      {update.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Could not save the naming conventions: {errorMessage(update.error)}
        </p>
      ) : null}
      {canEdit ? (
        <Button
          type="submit"
          className="w-fit"
          disabled={update.isPending || errors.length > 0 || !dirty}
        >
          {update.isPending ? <Spinner /> : null}
          Save conventions
        </Button>
      ) : null}
    </form>
  );
}

/** The template's parameters in draft form, leaving the others as they are. */
function pick(draft: Draft, conventions: NamingConventions): Partial<Draft> {
  const out: Partial<Draft> = {};
  for (const param of UTM_PARAM_KEYS) if (conventions[param]) out[param] = draft[param];
  return out;
}

/**
 * Settings → Workspace: the naming conventions every link and scan of the workspace is held to
 * (ADR 012). Each parameter takes a list of allowed values, a pattern, or both (either lets a
 * value through); owners and admins change them, members read them.
 */
export function NamingConventionsCard({ workspace }: { workspace: WorkspaceSummary }) {
  const conventions = useConventions(workspace.id);
  const canEdit = workspaceRoleCan(workspace.role, "manageConventions");
  return (
    <Card>
      <CardHeader>
        <CardTitle>Naming conventions</CardTitle>
        <CardDescription>
          The values your team's links may use. Audits flag every value outside them, and the link
          builder refuses them. A value passes when it is in the allowed list or matches the
          pattern; patterns use GA4's regular expression syntax and must match the whole value.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {canEdit ? null : (
          <Alert>
            <Lock aria-hidden />
            <AlertTitle>Only the workspace owner or an admin can change the conventions</AlertTitle>
            <AlertDescription>
              They apply to the links you build and to every audit of this workspace.
            </AlertDescription>
          </Alert>
        )}
        {conventions.isPending ? (
          <Skeleton className="h-48 w-full" />
        ) : conventions.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Could not load the naming conventions: {errorMessage(conventions.error)}
          </p>
        ) : (
          <ConventionsForm
            key={`${workspace.id}-${conventions.data.updatedAt ?? "never"}`}
            workspaceId={workspace.id}
            saved={conventions.data.conventions}
            canEdit={canEdit}
          />
        )}
      </CardContent>
    </Card>
  );
}
