import type { NamingConventionsValues } from "@utmost/contracts";
import {
  baseUrlProblem,
  buildTaggedUrl,
  checkLinkValues,
  explainChannel,
  hasLinkErrors,
  type LinkProblem,
  type UtmParam,
  withScheme,
} from "@utmost/engine";
import { AlertTriangle, Copy, Save, XCircle } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api-client";
import { copyToClipboard } from "@/lib/clipboard";
import { useCreateLink } from "../api/links";

interface Field {
  param: UtmParam;
  label: string;
  hint: string;
  required: boolean;
}

const FIELDS: readonly Field[] = [
  {
    param: "source",
    label: "Campaign source",
    hint: "Who sends the traffic: google, newsletter, facebook",
    required: true,
  },
  {
    param: "medium",
    label: "Campaign medium",
    hint: "The kind of traffic: cpc, email, social",
    required: true,
  },
  {
    param: "campaign",
    label: "Campaign name",
    hint: "The promotion or campaign: spring_sale_2025",
    required: true,
  },
  { param: "term", label: "Campaign term", hint: "Paid search keywords", required: false },
  {
    param: "content",
    label: "Campaign content",
    hint: "Tells apart ads or links to the same page: banner_a",
    required: false,
  },
  { param: "id", label: "Campaign ID", hint: "The ad platform's campaign ID", required: false },
];

type Values = { baseUrl: string } & Record<UtmParam, string>;

const EMPTY: Values = {
  baseUrl: "",
  source: "",
  medium: "",
  campaign: "",
  term: "",
  content: "",
  id: "",
};

function ProblemList({ id, problems }: { id: string; problems: readonly LinkProblem[] }) {
  if (problems.length === 0) return null;
  return (
    <ul id={id} className="flex flex-col gap-1 text-sm">
      {problems.map((problem) =>
        problem.severity === "error" ? (
          <li
            key={`${problem.checkId}-${problem.message}`}
            role="alert"
            className="flex gap-1.5 text-destructive"
          >
            <XCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>
              {problem.message}.{problem.fix ? ` ${problem.fix}` : null}
            </span>
          </li>
        ) : (
          <li
            key={`${problem.checkId}-${problem.message}`}
            className="flex gap-1.5 text-warning-foreground"
          >
            <AlertTriangle className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
            <span>
              <span className="sr-only">Warning: </span>
              {problem.message}
              {problem.fix ? <span className="font-medium">. {problem.fix}</span> : null}
            </span>
          </li>
        ),
      )}
    </ul>
  );
}

/**
 * The link builder (ADR 012): every value is checked as it is typed with the audit's own rules,
 * a value outside the workspace's naming conventions blocks saving, and the GA4 channel the
 * link's sessions will land in is shown before the link is used.
 */
export function LinkBuilderForm({
  workspaceId,
  conventions,
}: {
  workspaceId: string;
  conventions: NamingConventionsValues;
}) {
  const formId = useId();
  const [values, setValues] = useState<Values>(EMPTY);
  const [touched, setTouched] = useState<ReadonlySet<keyof Values>>(new Set());
  const create = useCreateLink(workspaceId);

  const problems = useMemo(() => checkLinkValues(values, conventions), [values, conventions]);
  const urlProblem = baseUrlProblem(values.baseUrl);
  const missing = FIELDS.filter((field) => field.required && values[field.param].trim() === "");
  const blocked = hasLinkErrors(problems) || urlProblem !== undefined || missing.length > 0;
  const url =
    urlProblem === undefined && missing.length === 0
      ? buildTaggedUrl(values.baseUrl, values)
      : null;
  const prediction =
    values.source.trim() !== "" && values.medium.trim() !== ""
      ? explainChannel({ source: values.source, medium: values.medium, campaign: values.campaign })
      : null;

  const change = (key: keyof Values, value: string) => {
    create.reset();
    setValues((current) => ({ ...current, [key]: value }));
  };
  const touch = (key: keyof Values) => setTouched((current) => new Set(current).add(key));
  const urlId = `${formId}-url`;
  const showUrlProblem =
    urlProblem !== undefined && (values.baseUrl !== "" || touched.has("baseUrl"));

  return (
    <div className="grid gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <Card>
        <CardHeader>
          <CardTitle>Build a link</CardTitle>
          <CardDescription>
            Values are checked as you type: red breaks your workspace's naming conventions and
            cannot be saved, amber is a problem an audit would report.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form
            noValidate
            className="flex flex-col gap-5"
            onSubmit={(event) => {
              event.preventDefault();
              setTouched(new Set(["baseUrl", ...FIELDS.map((field) => field.param)]));
              if (blocked) return;
              create.mutate({
                baseUrl: values.baseUrl,
                utmSource: values.source,
                utmMedium: values.medium,
                utmCampaign: values.campaign,
                utmTerm: values.term,
                utmContent: values.content,
                utmId: values.id,
              });
            }}
          >
            <div className="flex flex-col gap-2">
              <Label htmlFor={urlId}>Website URL</Label>
              <Input
                id={urlId}
                type="url"
                inputMode="url"
                autoComplete="off"
                placeholder="https://www.example.com/landing-page"
                value={values.baseUrl}
                aria-invalid={showUrlProblem ? true : undefined}
                onChange={(event) => change("baseUrl", event.target.value)}
                onBlur={() => {
                  touch("baseUrl");
                  // Show the address as it will be used: "www.example.com" gains https://.
                  if (baseUrlProblem(values.baseUrl) === undefined) {
                    const complete = withScheme(values.baseUrl);
                    if (complete !== values.baseUrl) change("baseUrl", complete);
                  }
                }}
              />
              {showUrlProblem ? (
                <p role="alert" className="text-sm text-destructive">
                  {urlProblem}
                </p>
              ) : null}
            </div>
            <div className="grid gap-5 md:grid-cols-2">
              {FIELDS.map((field) => {
                const id = `${formId}-${field.param}`;
                const allowed = conventions[field.param]?.allowed ?? [];
                const own = problems[field.param];
                const showMissing =
                  field.required && values[field.param].trim() === "" && touched.has(field.param);
                const hasError = showMissing || own.some((p) => p.severity === "error");
                return (
                  <div key={field.param} className="flex flex-col gap-2">
                    <Label htmlFor={id}>
                      {field.label}
                      {field.required ? null : (
                        <span className="font-normal text-muted-foreground"> (optional)</span>
                      )}
                    </Label>
                    <Input
                      id={id}
                      autoComplete="off"
                      spellCheck={false}
                      list={allowed.length > 0 ? `${id}-allowed` : undefined}
                      value={values[field.param]}
                      aria-invalid={hasError ? true : undefined}
                      aria-describedby={`${id}-hint ${id}-problems`}
                      onChange={(event) => change(field.param, event.target.value)}
                      onBlur={() => touch(field.param)}
                    />
                    {allowed.length > 0 ? (
                      <datalist id={`${id}-allowed`}>
                        {allowed.map((value) => (
                          <option key={value} value={value} />
                        ))}
                      </datalist>
                    ) : null}
                    <p id={`${id}-hint`} className="text-xs text-muted-foreground">
                      {field.hint} · utm_{field.param}
                    </p>
                    {showMissing ? (
                      <p role="alert" className="text-sm text-destructive">
                        {field.label} is required
                      </p>
                    ) : null}
                    <ProblemList id={`${id}-problems`} problems={own} />
                  </div>
                );
              })}
            </div>
            {create.isError ? (
              <p role="alert" className="text-sm text-destructive">
                Could not save the link: {errorMessage(create.error)}
              </p>
            ) : null}
            <Button type="submit" className="w-fit" disabled={blocked || create.isPending}>
              {create.isPending ? <Spinner /> : <Save aria-hidden />}
              Save to history
            </Button>
          </form>
        </CardContent>
      </Card>
      <div className="flex flex-col gap-6">
        <Card>
          <CardHeader>
            <CardTitle>Your link</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-3">
            {url ? (
              <>
                <code
                  data-testid="built-url"
                  className="block rounded-md border bg-muted px-3 py-2 font-mono text-sm break-all"
                >
                  {url}
                </code>
                <Button
                  variant="outline"
                  className="w-fit"
                  onClick={() => copyToClipboard(url, "link")}
                >
                  <Copy aria-hidden />
                  Copy
                </Button>
              </>
            ) : (
              <p className="text-sm text-muted-foreground">
                Enter the website URL, source, medium and campaign name to see the link.
              </p>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>GA4 channel</CardTitle>
          </CardHeader>
          <CardContent>
            {prediction ? (
              <div className="flex flex-col gap-2" data-testid="predicted-channel">
                <p className="font-medium">Predicted channel: {prediction.channel}</p>
                <p className="text-sm text-muted-foreground">{prediction.why}</p>
              </div>
            ) : (
              <p className="text-sm text-muted-foreground">
                Enter a source and a medium to see which default channel GA4 will put the sessions
                in.
              </p>
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
