/** Spec §4 and §9: the Complete step's message by score, with thresholds at 90 and 70. */
export function completionMessage(score: number): { title: string; description: string } {
  if (score >= 90) {
    return {
      title: "Excellent Work!",
      description: "Your UTM tracking is in great shape. Keep it that way with alerts.",
    };
  }
  if (score >= 70) {
    return {
      title: "Good Start!",
      description: "A few fixes will make your campaign data noticeably more reliable.",
    };
  }
  return {
    title: "Room for Improvement",
    description:
      "Your audit found UTM issues that distort attribution. Each one comes with a resolution guide.",
  };
}
