import { useEffect, useState } from "react";

/** Spec §4 and §9: a running audit shows 10%, then 10 more every 500 ms, up to 90%. */
export const PROGRESS_FIRST_STEP = 10;
export const PROGRESS_STEP = 10;
export const PROGRESS_TICK_MS = 500;
export const PROGRESS_CEILING = 90;

/**
 * What the bar shows `elapsedMs` into an audit whose server reports `reported` percent: the
 * spec's steady climb, or the server's figure once it is ahead, so a fast scan never sits at 0%.
 */
export function displayedProgress(reported: number, elapsedMs: number): number {
  const climbed = Math.min(
    PROGRESS_CEILING,
    PROGRESS_FIRST_STEP + PROGRESS_STEP * Math.floor(elapsedMs / PROGRESS_TICK_MS),
  );
  return Math.min(100, Math.max(reported, climbed));
}

/** Milliseconds since `running` turned true, ticking with the climb; 0 while idle. */
export function useElapsedMs(running: boolean): number {
  const [elapsed, setElapsed] = useState(0);
  useEffect(() => {
    if (!running) {
      setElapsed(0);
      return;
    }
    const started = Date.now();
    const timer = window.setInterval(() => setElapsed(Date.now() - started), PROGRESS_TICK_MS);
    return () => window.clearInterval(timer);
  }, [running]);
  return elapsed;
}
