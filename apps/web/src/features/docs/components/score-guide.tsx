import { cn } from "@/lib/cn";
import { gradeTone, HEALTH_TONE_TEXT, scoreTone } from "@/lib/health-score";
import { DocsHeading, DocsSection } from "./docs-layout";

/**
 * The engine's scoring, written out (packages/engine/src/scoring/score.ts and the engine README,
 * "Score and grade"). The web may not import the engine, so a change there must be made here too.
 */
const PENALTIES = [
  { severity: "Critical", formula: "6 + 24 × √share" },
  { severity: "Warning", formula: "2 + 10 × √share" },
  { severity: "Info", formula: "0.5 + 2 × √share, all info findings together at most 5" },
];

const GRADES = [
  { grade: "A+", range: "95-100" },
  { grade: "A", range: "90-94" },
  { grade: "B+", range: "85-89" },
  { grade: "B", range: "80-84" },
  { grade: "C", range: "70-79" },
  { grade: "D", range: "60-69" },
  { grade: "F", range: "below 60" },
];

/** Spec §9 "Thresholds and display". */
const SCORE_COLOURS = [
  { range: "80 or more", sample: 80, colour: "green (healthy)" },
  { range: "60-79", sample: 60, colour: "accent (needs attention)" },
  { range: "40-59", sample: 40, colour: "amber (warning)" },
  { range: "below 40", sample: 0, colour: "red (critical)" },
];

const EXAMPLES = [
  { failed: "none", penalty: "0", score: 100, grade: "A+" },
  {
    failed: "case-inconsistency (warning) on 4%",
    penalty: "2 + 10 × 0.2 = 4",
    score: 96,
    grade: "A+",
  },
  {
    failed: "missing-utm-source (critical) on 1%",
    penalty: "6 + 24 × 0.1 = 8.4",
    score: 91,
    grade: "A",
  },
  {
    failed: "internal-utm-link (critical) on 25%",
    penalty: "6 + 24 × 0.5 = 18, capped at 84",
    score: 82,
    grade: "B",
  },
  {
    failed: "unassigned-traffic (warning) on 30%",
    penalty: "2 + 10 × 0.548 = 7.5, capped at 79",
    score: 79,
    grade: "C",
  },
];

function Th({ children }: { children: string }) {
  return (
    <th scope="col" className="py-2 pr-4 font-semibold">
      {children}
    </th>
  );
}

/** `/docs/score`: what the health score and grade mean, and exactly how they are computed. */
export function ScoreGuide() {
  return (
    <>
      <DocsHeading
        title="Health score and grade"
        lead="Every audit ends with a health score from 0 to 100 and a grade from A+ to F."
      />
      <DocsSection id="meaning" title="What the score means">
        <p>
          The score starts at 100. Each check that finds a problem costs points, more for a more
          severe check and more the larger the share of your sessions it touches. Checks that pass
          cost nothing; checks that cannot run on your data (a dimension is missing) are skipped,
          never guessed. A property with no warnings or critical issues keeps 95 or more: an A+.
        </p>
      </DocsSection>
      <DocsSection id="formula" title="The formula">
        <p>
          <em>share</em> is the share of the scan's sessions a failed check affects, from 0 to 1.
          Each failed check costs:
        </p>
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b">
              <Th>Severity</Th>
              <Th>Penalty</Th>
            </tr>
          </thead>
          <tbody>
            {PENALTIES.map((row) => (
              <tr key={row.severity} className="border-b">
                <td className="py-2 pr-4">{row.severity}</td>
                <td className="py-2 pr-4 font-mono">{row.formula}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p>
          <code className="font-mono">score = floor(max(0, 100 − Σ penalties))</code>, then two
          caps:
        </p>
        <ul className="ml-6 list-disc space-y-1">
          <li>
            a critical check touching 10% or more of sessions caps the score at 84 (grade B at
            best);
          </li>
          <li>
            Unassigned traffic (<code className="font-mono">unassigned-traffic</code>) at 20% or
            more of sessions caps it at 79 (grade C at best).
          </li>
        </ul>
        <p>
          The square root makes the first few percent of broken traffic cost the most: a problem on
          1% of sessions is already a real problem, while the difference between 60% and 70% matters
          less. Because every penalty is positive and grows with the share, fixing a problem never
          lowers your score.
        </p>
      </DocsSection>
      <DocsSection id="grades" title="Grades">
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b">
              <Th>Grade</Th>
              <Th>Score</Th>
            </tr>
          </thead>
          <tbody>
            {GRADES.map((row) => (
              <tr key={row.grade} className="border-b">
                <td
                  className={cn("py-2 pr-4 font-semibold", HEALTH_TONE_TEXT[gradeTone(row.grade)])}
                >
                  {row.grade}
                </td>
                <td className="py-2 pr-4">{row.range}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </DocsSection>
      <DocsSection id="colours" title="Colours">
        <p>Scores are shown in four colours:</p>
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b">
              <Th>Score</Th>
              <Th>Colour</Th>
            </tr>
          </thead>
          <tbody>
            {SCORE_COLOURS.map((row) => (
              <tr key={row.range} className="border-b">
                <td
                  className={cn("py-2 pr-4 font-semibold", HEALTH_TONE_TEXT[scoreTone(row.sample)])}
                >
                  {row.range}
                </td>
                <td className="py-2 pr-4">{row.colour}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p>
          Grades follow the same colours: A+ and A green, B+ and B accent, C amber, D and F red.
        </p>
      </DocsSection>
      <DocsSection id="examples" title="Worked examples">
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b">
              <Th>Failed checks</Th>
              <Th>Penalty</Th>
              <Th>Score</Th>
              <Th>Grade</Th>
            </tr>
          </thead>
          <tbody>
            {EXAMPLES.map((row) => (
              <tr key={row.failed} className="border-b">
                <td className="py-2 pr-4 font-mono">{row.failed}</td>
                <td className="py-2 pr-4 font-mono">{row.penalty}</td>
                <td className="py-2 pr-4">{row.score}</td>
                <td className="py-2 pr-4">{row.grade}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </DocsSection>
    </>
  );
}
