/** Spec §1: five fixed marketing testimonials for the landing page's carousel. */
export interface Testimonial {
  quote: string;
  name: string;
  role: string;
}

export const TESTIMONIALS: readonly Testimonial[] = [
  {
    quote:
      "Our first scan found internal links with UTMs on every product page. Fixing them moved a third of our 'email' sessions back to organic where they belonged.",
    name: "Priya Raman",
    role: "Head of Growth, Northwind Outdoor",
  },
  {
    quote:
      "We manage forty client properties. The health score gives us one number to report and a list of fixes to hand to each client's developers.",
    name: "Marco Bellini",
    role: "Founder, Bellini Digital Agency",
  },
  {
    quote:
      "Facebook, facebook and fb were three sources in our reports. Utmost caught it in the first minute and the guide showed us how to agree on one.",
    name: "Hannah Okafor",
    role: "Marketing Analyst, Lumen Health",
  },
  {
    quote:
      "The weekly alert tells us when a new campaign goes live with a broken tag, before it costs us a month of attribution.",
    name: "David Chen",
    role: "Performance Marketing Lead, Crestline Software",
  },
  {
    quote:
      "Connecting GA4 took less than a minute, and the grade made it easy to convince our team that UTM hygiene was worth an afternoon.",
    name: "Sofia Lindqvist",
    role: "Digital Marketing Manager, Fjord Travel",
  },
];
