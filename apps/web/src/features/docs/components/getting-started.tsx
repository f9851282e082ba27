import { Link } from "react-router";
import { CheckList } from "./check-list";
import { DocsHeading, DocsSection } from "./docs-layout";

/** `/docs`: the first audit, step by step, and the catalogue of checks. */
export function GettingStarted() {
  return (
    <>
      <DocsHeading
        title="Documentation"
        lead="How to connect Google Analytics 4 to Utmost and read your UTM audit reports."
      />
      <DocsSection id="getting-started" title="Getting started">
        <p>
          Utmost audits a Google Analytics 4 (GA4) property for UTM tagging mistakes: links that
          lose their source, campaign names typed three different ways, internal links that restart
          sessions. It reads session data through the GA4 Data API, runs every check below and
          reports a health score from 0 to 100, a grade from A+ to F, and a list of issues, each
          with a resolution guide.
        </p>
        <ol className="ml-6 list-decimal space-y-2">
          <li>
            <Link to="/auth?mode=signup" className="text-primary underline underline-offset-4">
              Create an account
            </Link>
            . Every account starts on the Free plan with one analytics property.
          </li>
          <li>
            <Link to="/docs/connect" className="text-primary underline underline-offset-4">
              Connect a GA4 property
            </Link>{" "}
            with one-click Google sign-in. It takes about 60 seconds.
          </li>
          <li>
            Run your first audit. A scan reads the last 90 days (leaving out the last 2, which GA4
            still revises) and takes 30 to 60 seconds for most properties.
          </li>
          <li>
            Read the{" "}
            <Link to="/docs/score" className="text-primary underline underline-offset-4">
              health score and grade
            </Link>
            , then work through the issues, most severe first. Resolve an issue once it is fixed, or
            mute it with a reason when it is expected.
          </li>
          <li>
            Set up alerts and automated scans so a broken campaign link is caught the day it goes
            live, not at the end of the quarter.
          </li>
        </ol>
      </DocsSection>
      <DocsSection title="Severities">
        <ul className="ml-6 list-disc space-y-1">
          <li>
            <strong>Critical</strong>: sessions are lost to the wrong channel or to Unassigned, or
            attribution is broken. Fix these first.
          </li>
          <li>
            <strong>Warning</strong>: reports are split or misleading (the same campaign under
            several names, a non-standard medium).
          </li>
          <li>
            <strong>Info</strong>: hygiene that makes reports harder to read but loses no data.
          </li>
        </ul>
      </DocsSection>
      <DocsSection id="checks" title="Checks">
        <CheckList />
      </DocsSection>
    </>
  );
}
