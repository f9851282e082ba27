import { useSearchParams } from "react-router";
import { AlertRecipientConfirmation } from "@/features/alerts/components/alert-recipient-confirmation";

/** `/alert-recipients/confirm?token=…`: a new alert recipient's opt-in (issue 21). */
export function AlertRecipientConfirmRoute() {
  const [searchParams] = useSearchParams();
  return <AlertRecipientConfirmation token={searchParams.get("token")} />;
}
