import { Bell, LayoutDashboard, PartyPopper, Users } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { completionMessage } from "../utils/completion-message";

const NEXT_STEPS = [
  { to: "/dashboard", label: "View your dashboard", icon: LayoutDashboard },
  { to: "/alert-settings", label: "Set up alerts", icon: Bell },
  { to: "/workspace/members", label: "Invite your team", icon: Users },
];

/** Spec §4: the message follows the finished audit's score. */
export function CompleteStep({
  score,
  onBack,
  onFinish,
  finishing,
}: {
  score: number;
  onBack: () => void;
  onFinish: () => void;
  finishing: boolean;
}) {
  const message = completionMessage(score);
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-6 text-center">
      <div className="flex size-14 items-center justify-center rounded-full bg-success/15 text-success">
        <PartyPopper className="size-7" aria-hidden />
      </div>
      <div>
        <h2 className="text-2xl font-semibold">{message.title}</h2>
        <p className="mt-2 text-sm text-muted-foreground">Your UTM health score is {score}/100.</p>
        <p className="mt-2 text-muted-foreground">{message.description}</p>
      </div>
      <ul className="grid w-full gap-2 sm:grid-cols-3">
        {NEXT_STEPS.map((step) => (
          <li key={step.to}>
            <Link
              to={step.to}
              className="flex h-full flex-col items-center gap-2 rounded-lg border p-4 text-sm transition-colors hover:bg-muted"
            >
              <step.icon className="size-5 text-primary" aria-hidden />
              {step.label}
            </Link>
          </li>
        ))}
      </ul>
      <div className="flex w-full justify-between">
        <Button variant="outline" onClick={onBack}>
          Back
        </Button>
        <Button onClick={onFinish} disabled={finishing}>
          {finishing ? <Spinner /> : null}
          Go to Dashboard
        </Button>
      </div>
    </div>
  );
}
