import { toast } from "sonner";

/** Copies text and says so: "Link copied", or "Could not copy the link". `what` is lower case. */
export function copyToClipboard(text: string, what: string): void {
  navigator.clipboard
    .writeText(text)
    .then(() => toast.success(`${what.charAt(0).toUpperCase()}${what.slice(1)} copied`))
    .catch(() => toast.error(`Could not copy the ${what}`));
}
