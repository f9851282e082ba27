import { useCallback, useState } from "react";
import { useNavigate } from "react-router";
import { Card, CardContent } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { useCompleteOnboarding } from "../api/complete-onboarding";
import { CompleteStep } from "./complete-step";
import { ScanStep } from "./scan-step";
import { WelcomeStep } from "./welcome-step";

/** Spec §4: steps 0 Welcome, 1 Scan, 2 Complete. */
const STEPS = ["Welcome", "Scan", "Complete"] as const;
type StepIndex = 0 | 1 | 2;

export function OnboardingWizard() {
  const navigate = useNavigate();
  const [step, setStep] = useState<StepIndex>(0);
  const complete = useCompleteOnboarding({
    onSuccess: () => navigate("/dashboard", { replace: true }),
  });
  const finish = () => complete.mutate();
  const toComplete = useCallback(() => setStep(2), []);

  return (
    <Card className="w-full max-w-xl">
      <CardContent className="flex flex-col gap-6 pt-6">
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
          <WelcomeStep onNext={() => setStep(1)} onSkip={finish} skipping={complete.isPending} />
        ) : null}
        {step === 1 ? (
          <ScanStep
            onBack={() => setStep(0)}
            onSkipToComplete={toComplete}
            onSkip={finish}
            skipping={complete.isPending}
          />
        ) : null}
        {step === 2 ? (
          <CompleteStep
            onBack={() => setStep(1)}
            onFinish={finish}
            finishing={complete.isPending}
          />
        ) : null}
      </CardContent>
    </Card>
  );
}
