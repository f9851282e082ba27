import { cn } from "@/lib/cn";
import { gradeTone, HEALTH_TONE_TEXT, scoreTone } from "@/lib/health-score";
import { DocsHeading, DocsSection } from "./docs-layout";

/**
 * The engine's scoring, written out (packages/engine/src/scoring/score.ts and the engine README,
 * "Score and grade"). The web may not import the engine, so a change there must be made here too.
 */
const EXCESS = [
  { failed: "Critical", formula: "5 + 40 × √share" },
  { failed: "Warning", formula: "1 + 10 × √share" },
  { failed: "Info", formula: "0" },
  { failed: "Unassigned traffic, whatever its severity", formula: "its severity's + 125 × share" },
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
  { failed: "none", points: 0, excess: "0", score: 100, grade: "A+" },
  {
    failed: "case-inconsistency (warning) on 4%",
    points: 1,
    excess: "1 + 10 × 0.2 = 3 → 3",
    score: 96,
    grade: "A+",
  },
  {
    failed: "missing-utm-source (critical) on 1%",
    points: 1,
    excess: "5 + 40 × 0.1 = 9 → 9",
    score: 90,
    grade: "A",
  },
  {
    failed: "missing-utm-medium (critical) on 10%",
    points: 1,
    excess: "5 + 40 × 0.316 = 17.6 → 15",
    score: 84,
    grade: "B",
  },
  {
    failed: "internal-utm-link (critical) on 25%",
    points: 1,
    excess: "5 + 40 × 0.5 = 25 → 20",
    score: 79,
    grade: "C",
  },
  {
    failed: "unassigned-traffic (warning) on 30%",
    points: 1,
    excess: "1 + 10 × 0.548 + 125 × 0.3 = 44 → 30",
    score: 69,
    grade: "D",
  },
  { failed: "three info findings", points: 3, excess: "0", score: 97, grade: "A+" },
  { failed: "a messy property (below)", points: 15, excess: "135.5 → 46", score: 39, grade: "F" },
  {
    failed: "the same, its critical checks and Unassigned fixed",
    points: 10,
    excess: "37.7 → 27",
    score: 63,
    grade: "D",
  },
  {
    failed: "every one of 50 checks critical on every session",
    points: 50,
    excess: "2,250 → 49",
    score: 1,
    grade: "F",
  },
];

/** The messy property of the examples: each failed check and the share of sessions it touches. */
const MESSY = [
  "missing-utm-medium (critical) on 12%",
  "missing-utm-source (critical) on 6%",
  "internal-utm-link (critical) on 9%",
  "paid-medium-not-recognized (critical) on 5%",
  "unassigned-traffic (warning) on 22%",
  "case-inconsistency (warning) on 25%",
  "missing-utm-campaign (warning) on 18%",
  "non-standard-medium (warning) on 14%",
  "medium-synonyms (warning) on 11%",
  "untagged-email-traffic (warning) on 10%",
  "platform-as-medium (warning) on 8%",
  "self-referral (warning) on 7%",
  "payment-gateway-referral (warning) on 4%",
  "whitespace-in-value (warning) on 3%",
  "mixed-separators (info) on 20%",
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
        lead="Every audit ends with a health score from 1 to 100 and a grade from A+ to F."
      />
      <DocsSection id="meaning" title="What the score means">
        <p>
          The score starts at 100. Each check that finds a problem costs one whole point, and more
          the more severe it is and the larger the share of your sessions it touches. Checks that
          pass cost nothing; checks that cannot run on your data (a dimension is missing) are
          skipped, never guessed.
        </p>
        <ul className="ml-6 list-disc space-y-1">
          <li>
            <strong>Fixing one problem raises the score.</strong> Fix any one failed check, the rest
            unchanged, and the score is at least 1 point higher, however many problems remain.
          </li>
          <li>
            <strong>Never 0 while problems remain.</strong> Even with every check failing on every
            session the score is 1, so there is always room to show progress.
          </li>
          <li>
            A property with only info findings (up to ten) keeps an A or better, and a single
            warning on a few percent of sessions keeps an A.
          </li>
        </ul>
      </DocsSection>
      <DocsSection id="formula" title="The formula">
        <p>
          <em>share</em> is the share of the scan's sessions a failed check affects, from 0 to 1.
          Besides its point, each failed check adds an excess:
        </p>
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b">
              <Th>Failed check</Th>
              <Th>Excess</Th>
            </tr>
          </thead>
          <tbody>
            {EXCESS.map((row) => (
              <tr key={row.failed} className="border-b">
                <td className="py-2 pr-4">{row.failed}</td>
                <td className="py-2 pr-4 font-mono">{row.formula}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p>
          The excesses are added up (<em>E</em>) and compressed by a curve that flattens as it grows
          and never reaches 49 points:
        </p>
        <p>
          <code className="font-mono">C(E) = 49 × (1 − e^(−E / 49))</code>
          <br />
          <code className="font-mono">score = 100 − failed checks − ⌈C(E)⌉</code>
        </p>
        <p>
          49 is 99 minus 50, more checks than the engine runs, so the points and the excess together
          never take the score below 1. The square root makes the first few percent of broken
          traffic cost the most: a problem on 1% of sessions is already a real problem, while the
          difference between 60% and 70% matters less. Sessions in the Unassigned channel cost more,
          because they are missing from every channel report.
        </p>
        <p>The excess also sets two limits, whatever else fails:</p>
        <ul className="ml-6 list-disc space-y-1">
          <li>
            a critical check touching 10% or more of sessions holds the score at 84 or less (grade B
            at best);
          </li>
          <li>
            Unassigned traffic (<code className="font-mono">unassigned-traffic</code>) on 20% or
            more of sessions holds it at 79 or less (grade C at best).
          </li>
        </ul>
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
        {/* The formulas break anywhere rather than push the page past a phone's width. */}
        <table className="w-full text-left text-sm wrap-anywhere">
          <thead>
            <tr className="border-b">
              <Th>Failed checks</Th>
              <Th>Points</Th>
              <Th>Excess E → ⌈C(E)⌉</Th>
              <Th>Score</Th>
              <Th>Grade</Th>
            </tr>
          </thead>
          <tbody>
            {EXAMPLES.map((row) => (
              <tr key={row.failed} className="border-b">
                <td className="py-2 pr-4 font-mono">{row.failed}</td>
                <td className="py-2 pr-4">{row.points}</td>
                <td className="py-2 pr-4 font-mono">{row.excess}</td>
                <td className="py-2 pr-4">{row.score}</td>
                <td className="py-2 pr-4">{row.grade}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p>The messy property fails fifteen checks:</p>
        <ul className="ml-6 list-disc space-y-1 font-mono text-sm">
          {MESSY.map((failed) => (
            <li key={failed}>{failed}</li>
          ))}
        </ul>
        <p>
          It scores 39. Fixing any one of them raises that to 40 or more (43 for the Unassigned
          traffic, its widest problem), and fixing its four critical checks and the Unassigned
          traffic gives 63: every fix shows, even while the grade is still an F.
        </p>
      </DocsSection>
    </>
  );
}
