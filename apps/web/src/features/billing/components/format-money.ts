/** An amount in the currency's smallest unit, as the provider bills it: "$15.00". */
export function formatMoney(cents: number, currency: string): string {
  return new Intl.NumberFormat("en-US", { style: "currency", currency }).format(cents / 100);
}
