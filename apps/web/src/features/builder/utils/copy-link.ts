import { toast } from "sonner";

export function copyLink(url: string) {
  navigator.clipboard
    .writeText(url)
    .then(() => toast.success("Link copied"))
    .catch(() => toast.error("Could not copy the link"));
}
