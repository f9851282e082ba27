import { useParams } from "react-router";
import { PublicLayout } from "@/components/layout/public-layout";
import { CheckArticle } from "@/features/docs/components/check-article";
import { ConnectGuide } from "@/features/docs/components/connect-guide";
import { DocsLayout } from "@/features/docs/components/docs-layout";
import { GettingStarted } from "@/features/docs/components/getting-started";
import { ScoreGuide } from "@/features/docs/components/score-guide";
import { SeverityBadge } from "@/features/issues/components/issue-badges";
import { ResolutionGuide } from "@/features/issues/components/resolution-guide";

/** `/docs`: getting started and the list of checks. */
export function DocsRoute() {
  return (
    <PublicLayout>
      <DocsLayout>
        <GettingStarted />
      </DocsLayout>
    </PublicLayout>
  );
}

/** `/docs/connect`. */
export function DocsConnectRoute() {
  return (
    <PublicLayout>
      <DocsLayout>
        <ConnectGuide />
      </DocsLayout>
    </PublicLayout>
  );
}

/** `/docs/score`. */
export function DocsScoreRoute() {
  return (
    <PublicLayout>
      <DocsLayout>
        <ScoreGuide />
      </DocsLayout>
    </PublicLayout>
  );
}

/** `/docs/checks/:checkId`: the guide exactly as an issue found by this check shows it. */
export function DocsCheckRoute() {
  const { checkId = "" } = useParams();
  return (
    <PublicLayout>
      <DocsLayout>
        <CheckArticle
          key={checkId}
          checkId={checkId}
          renderSeverity={(check) => <SeverityBadge severity={check.severity} />}
          renderGuide={(check) => <ResolutionGuide guide={check.guide} />}
        />
      </DocsLayout>
    </PublicLayout>
  );
}
