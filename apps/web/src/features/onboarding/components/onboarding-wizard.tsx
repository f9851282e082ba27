import type { Scan } from "@utmost/contracts";
import { useCallback, useEffect, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { Card, CardContent } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { useDataSources } from "@/lib/data-sources";
import { scanHealth } from "@/lib/health-score";
import { useSelectedWorkspace } from "@/lib/workspaces";
import { useCompleteOnboarding } from "../api/complete-onboarding";
import { CompleteStep } from "./complete-step";
import { ScanStep } from "./scan-step";
import { WelcomeStep } from "./welcome-step";

/** Spec §4: steps 0 Welcome, 1 Scan, 2 Complete. */
const STEPS = ["Welcome", "Scan", "Complete"] as const;
type StepIndex = 0 | 1 | 2;

/** The connect page sends a property saved during onboarding back to `?step=scan`. */
const SCAN_STEP_PARAM = "scan";

export function OnboardingWizard() {
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const [step, setStep] = useState<StepIndex>(() =>
    searchParams.get("step") === SCAN_STEP_PARAM ? 1 : 0,
  );
  const [score, setScore] = useState<number | null>(null);
  // Spec §4: the first workspace in the list is selected when none is.
  const { workspace, isPending: workspacePending } = useSelectedWorkspace();
  const dataSources = useDataSources(workspace?.id ?? null);
  const firstDataSource = dataSources.data?.[0] ?? null;
  const loading = workspacePending || (workspace !== null && dataSources.isPending);

  const complete = useCompleteOnboarding({
    onSuccess: () => navigate("/dashboard", { replace: true }),
  });
  const finish = () => complete.mutate();
  // Spec §5: 'Please connect at least one Analytics Property to continue' keeps Welcome up.
  const [needsProperty, setNeedsProperty] = useState(false);
  const next = () => {
    if (loading) return;
    if (!firstDataSource) {
      setNeedsProperty(true);
      return;
    }
    setNeedsProperty(false);
    setStep(1);
  };
  const backToConnect = useCallback(() => setStep(0), []);
  // Complete is reached only through a finished audit: it never announces what did not happen.
  const onScanComplete = (scan: Scan) => {
    setScore(scanHealth(scan).score);
    setStep(2);
  };

  // The step came in through the URL once; moving between steps does not write it back.
  useEffect(() => {
    if (searchParams.has("step")) setSearchParams({}, { replace: true });
  }, [searchParams, setSearchParams]);

  return (
    // One size for every step (min-height), so the card does not jump as the steps change.
    <Card className="w-full max-w-xl">
      <CardContent className="flex min-h-[36rem] flex-col gap-6 pt-6">
        {step > 0 ? (
          <div className="flex flex-col gap-2">
            <div className="flex justify-between text-sm text-muted-foreground">
              <span>
                Step {step + 1} of {STEPS.length}
              </span>
              <span>{STEPS[step]}</span>
            </div>
            <Progress value={((step + 1) / STEPS.length) * 100} aria-label="Onboarding progress" />
          </div>
        ) : null}
        {step === 0 ? (
          <WelcomeStep
            workspaceId={workspace?.id ?? null}
            loading={loading}
            connected={firstDataSource}
            needsProperty={needsProperty && !firstDataSource}
            onNext={next}
            onSkip={finish}
            skipping={complete.isPending}
          />
        ) : null}
        {step === 1 ? (
          <ScanStep
            dataSource={firstDataSource}
            loading={loading}
            onBack={() => setStep(0)}
            onBackToConnect={backToConnect}
            onComplete={onScanComplete}
            onSkip={finish}
            skipping={complete.isPending}
          />
        ) : null}
        {step === 2 && score !== null ? (
          <CompleteStep
            score={score}
            onBack={() => setStep(1)}
            onFinish={finish}
            finishing={complete.isPending}
          />
        ) : null}
      </CardContent>
    </Card>
  );
}
