/** Spec §9: an avatar shows at most two initials. */
const INITIALS_LIMIT = 2;

/** "ada lovelace byron" -> "AL": the first letter of each word, up to two, upper-cased. */
export function getInitials(fullName: string): string {
  return fullName
    .trim()
    .split(/\s+/)
    .filter((word) => word.length > 0)
    .slice(0, INITIALS_LIMIT)
    .map((word) => Array.from(word)[0]?.toUpperCase() ?? "")
    .join("");
}
