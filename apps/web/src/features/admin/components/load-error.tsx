import { errorMessage } from "@/lib/api-client";

/** A console panel whose request failed, with the server's message. */
export function LoadError({ what, error }: { what: string; error: unknown }) {
  return (
    <p role="alert" className="text-sm text-destructive">
      Could not load {what}: {errorMessage(error)}
    </p>
  );
}
