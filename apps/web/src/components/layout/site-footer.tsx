import { useId } from "react";
import { Link } from "react-router";
import { SUPPORT_EMAIL } from "@/lib/contact";
import { Logo } from "./logo";

interface FooterLink {
  label: string;
  to: string;
}

/*
 * Every target is a public route (app/router.tsx); the link builder is behind sign-in, so it is
 * not here. React Router's links keep the entry bundle's page in place and ScrollToTop takes a
 * link with an #anchor to its section.
 */
const GROUPS: readonly { title: string; links: readonly FooterLink[] }[] = [
  {
    title: "Product",
    links: [
      { label: "Features", to: "/#features" },
      { label: "Pricing", to: "/#pricing" },
      { label: "Create an account", to: "/auth?mode=signup" },
      { label: "Sign in", to: "/auth?mode=signin" },
    ],
  },
  {
    title: "Resources",
    links: [
      { label: "Getting started", to: "/docs" },
      { label: "Connect Google Analytics", to: "/docs/connect" },
      { label: "Health score and grade", to: "/docs/score" },
      { label: "Every check", to: "/docs#checks" },
    ],
  },
  {
    // Spec §2: the footer links /privacy, /terms and /gdpr.
    title: "Legal",
    links: [
      { label: "Privacy Policy", to: "/privacy" },
      { label: "Terms of Service", to: "/terms" },
      { label: "GDPR", to: "/gdpr" },
      { label: "Cookies", to: "/privacy#cookies" },
    ],
  },
];

const LINK_CLASS =
  "rounded-sm text-muted-foreground hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none";

function FooterNav({ title, links }: { title: string; links: readonly FooterLink[] }) {
  const titleId = useId();
  return (
    <nav aria-labelledby={titleId}>
      <h2 id={titleId} className="text-sm font-semibold">
        {title}
      </h2>
      <ul className="mt-4 flex flex-col gap-3 text-sm">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={LINK_CLASS}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The public pages' footer (spec §1 "a footer", §2 its legal links). */
export function SiteFooter() {
  const contactId = useId();
  return (
    <footer className="border-t bg-card">
      <div className="mx-auto max-w-6xl px-4 py-12 md:py-16">
        <div className="grid grid-cols-2 gap-x-6 gap-y-10 md:grid-cols-3 lg:grid-cols-[1.4fr_repeat(3,1fr)]">
          <div className="col-span-2 flex flex-col gap-4 md:col-span-3 lg:col-span-1">
            <Logo className="self-start" />
            <p className="max-w-xs text-sm text-muted-foreground">
              UTM tracking audits for Google Analytics 4: a health score, a grade and a guide to fix
              every issue.
            </p>
            <section aria-labelledby={contactId}>
              <h2 id={contactId} className="text-sm font-semibold">
                Contact
              </h2>
              <address className="mt-2 text-sm not-italic">
                <a href={`mailto:${SUPPORT_EMAIL}`} className={LINK_CLASS}>
                  {SUPPORT_EMAIL}
                </a>
              </address>
            </section>
          </div>
          {GROUPS.map((group) => (
            <FooterNav key={group.title} title={group.title} links={group.links} />
          ))}
        </div>
        <p className="mt-12 border-t pt-6 text-sm text-muted-foreground">
          © {new Date().getFullYear()} Utmost. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
