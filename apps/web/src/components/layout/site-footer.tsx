import { Link } from "react-router";

export function SiteFooter() {
  return (
    <footer className="border-t bg-card">
      <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-4 px-4 py-8 text-sm text-muted-foreground md:flex-row">
        <p>© {new Date().getFullYear()} Utmost. UTM tracking audits for Google Analytics 4.</p>
        <nav aria-label="Legal" className="flex gap-6">
          <Link to="/privacy" className="hover:text-foreground">
            Privacy Policy
          </Link>
          <Link to="/terms" className="hover:text-foreground">
            Terms of Service
          </Link>
          <Link to="/gdpr" className="hover:text-foreground">
            GDPR
          </Link>
        </nav>
      </div>
    </footer>
  );
}
