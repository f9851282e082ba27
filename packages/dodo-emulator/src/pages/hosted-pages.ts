/**
 * The stand-in's hosted checkout and customer portal: plain server-rendered HTML with no
 * external assets, so an e2e test clicks "Pay" or "Fail" and a person in the demo sees at once
 * that no real card is charged. Every interpolated value goes through `escapeHtml`.
 */

export function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

export function formatUsd(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

const STYLE = `
  :root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", sans-serif; color: #111827; }
  body { margin: 0; background: #f3f4f6; }
  main { max-width: 32rem; margin: 2rem auto; background: #fff; border-radius: 1rem; padding: 2rem; box-shadow: 0 1px 3px rgb(0 0 0 / .1); }
  .test-mode { background: #fef3c7; border: 1px solid #f59e0b; border-radius: .5rem; padding: .75rem 1rem; font-size: .875rem; margin: 0 0 1.5rem; }
  h1 { font-size: 1.5rem; margin: 0 0 1rem; }
  table { width: 100%; border-collapse: collapse; margin: 0 0 1rem; }
  th, td { text-align: left; padding: .5rem 0; border-bottom: 1px solid #e5e7eb; }
  td.amount, th.amount { text-align: right; }
  .muted { color: #4b5563; font-size: .875rem; }
  .hint { background: #f9fafb; border: 1px dashed #9ca3af; border-radius: .5rem; padding: .75rem 1rem; font-size: .875rem; }
  label { display: block; font-size: .875rem; margin: 1rem 0 .25rem; }
  input[type="email"] { width: 100%; box-sizing: border-box; font: inherit; padding: .5rem .75rem; border: 1px solid #9ca3af; border-radius: .5rem; }
  .actions { display: flex; gap: .75rem; margin-top: 1.5rem; }
  form { margin: 0; }
  button { font: inherit; font-weight: 600; border-radius: .5rem; padding: .625rem 1.25rem; cursor: pointer; border: 1px solid #111827; }
  .pay { background: #111827; color: #fff; }
  .fail, .cancel { background: #fff; color: #b91c1c; border-color: #b91c1c; }
  button:focus-visible, a:focus-visible, input:focus-visible { outline: 3px solid #93c5fd; outline-offset: 2px; }
  a { color: #1d4ed8; }
`;

const TEST_MODE_BANNER =
  '<p class="test-mode" role="note"><strong>Test mode.</strong> This is an offline stand-in ' +
  "for Dodo Payments: no card is charged and no money moves.</p>";

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${TEST_MODE_BANNER}
${body}
</main>
</body>
</html>
`;
}

export interface CheckoutPageModel {
  lines: readonly { name: string; quantity: number; priceCents: number }[];
  /** Null when the session did not name the customer: the page asks for an email address. */
  customerEmail: string | null;
  payAction: string;
  failAction: string;
  cancelUrl: string | null;
}

export function renderCheckoutPage(model: CheckoutPageModel): string {
  const rows = model.lines
    .map(
      (line) =>
        `<tr><td>${escapeHtml(line.name)}${line.quantity > 1 ? ` × ${line.quantity}` : ""}</td>` +
        `<td class="amount">${escapeHtml(formatUsd(line.priceCents * line.quantity))} per month</td></tr>`,
    )
    .join("\n");
  const total = model.lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);
  const email =
    model.customerEmail === null
      ? `<label for="email">Email</label>
<input id="email" type="email" name="email" autocomplete="email" required>`
      : `<p class="muted">Paying as <strong>${escapeHtml(model.customerEmail)}</strong></p>`;
  return page(
    "Checkout (test mode)",
    `<h1>Subscribe</h1>
<table>
<thead><tr><th>Product</th><th class="amount">Price</th></tr></thead>
<tbody>
${rows}
</tbody>
<tfoot><tr><th>Total</th><th class="amount">${escapeHtml(formatUsd(total))} per month</th></tr></tfoot>
</table>
<p class="hint">Card 4242 4242 4242 4242, any future date, any CVC</p>
<div class="actions">
<form method="post" action="${escapeHtml(model.payAction)}">
${email}
<p><button type="submit" class="pay">Pay</button></p>
</form>
<form method="post" action="${escapeHtml(model.failAction)}">
<p><button type="submit" class="fail">Fail</button></p>
</form>
</div>
<p class="muted">Pay completes the purchase; Fail declines the card.</p>
${model.cancelUrl === null ? "" : `<p><a href="${escapeHtml(model.cancelUrl)}">Cancel and return</a></p>`}`,
  );
}

export interface PortalPageModel {
  customerEmail: string;
  subscriptions: readonly {
    productName: string;
    status: string;
    nextBillingDate: string;
    cancelAtNextBillingDate: boolean;
    /** Null once cancelled: nothing left to cancel. */
    cancelAction: string | null;
  }[];
  returnUrl: string | null;
}

export function renderPortalPage(model: PortalPageModel): string {
  const rows = model.subscriptions
    .map((subscription) => {
      const next = subscription.status === "cancelled" ? "—" : subscription.nextBillingDate;
      const status = subscription.cancelAtNextBillingDate
        ? `${subscription.status} (cancels on the next billing date)`
        : subscription.status;
      const action =
        subscription.cancelAction === null
          ? ""
          : `<form method="post" action="${escapeHtml(subscription.cancelAction)}">` +
            '<button type="submit" class="cancel">Cancel subscription</button></form>';
      return `<tr><td>${escapeHtml(subscription.productName)}</td><td>${escapeHtml(status)}</td><td>${escapeHtml(next)}</td><td>${action}</td></tr>`;
    })
    .join("\n");
  return page(
    "Billing portal (test mode)",
    `<h1>Your subscriptions</h1>
<p class="muted">Signed in as <strong>${escapeHtml(model.customerEmail)}</strong></p>
${
  rows === ""
    ? "<p>No subscriptions yet.</p>"
    : `<table>
<thead><tr><th>Product</th><th>Status</th><th>Next billing date</th><th></th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`
}
${model.returnUrl === null ? "" : `<p><a href="${escapeHtml(model.returnUrl)}">Return</a></p>`}`,
  );
}

/** A page with one message: a finished payment without a return URL, or a refusal. */
export function renderMessagePage(heading: string, message: string): string {
  return page(heading, `<h1>${escapeHtml(heading)}</h1>\n<p>${escapeHtml(message)}</p>`);
}

export interface InvoicePageModel {
  invoiceId: string;
  paymentId: string;
  date: string;
  customerEmail: string;
  lines: readonly { name: string; quantity: number }[];
  totalCents: number;
  status: string;
  card: string;
}

/** A paid charge's invoice, as the `invoice_url` of `GET /payments` opens it. */
export function renderInvoicePage(model: InvoicePageModel): string {
  const rows = model.lines
    .map(
      (line) =>
        `<tr><td>${escapeHtml(line.name)}${line.quantity > 1 ? ` × ${line.quantity}` : ""}</td></tr>`,
    )
    .join("\n");
  return page(
    `Invoice ${model.invoiceId} (test mode)`,
    `<h1>Invoice ${escapeHtml(model.invoiceId)}</h1>
<p class="muted">Date ${escapeHtml(model.date)} · Billed to <strong>${escapeHtml(model.customerEmail)}</strong></p>
<table>
<thead><tr><th>Product</th></tr></thead>
<tbody>
${rows}
</tbody>
<tfoot><tr><th>Total ${escapeHtml(formatUsd(model.totalCents))} (${escapeHtml(model.status)})</th></tr></tfoot>
</table>
<p class="muted">Paid with ${escapeHtml(model.card)} · Payment ${escapeHtml(model.paymentId)}</p>`,
  );
}
