import { Play } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";

/** Spec §2: 'Run New Audit', labelled 'Running Audit...' while an audit runs. */
export function RunAuditButton({ running, onRun }: { running: boolean; onRun: () => void }) {
  return (
    <Button onClick={onRun} disabled={running}>
      {running ? <Spinner /> : <Play />}
      {running ? "Running Audit..." : "Run New Audit"}
    </Button>
  );
}
