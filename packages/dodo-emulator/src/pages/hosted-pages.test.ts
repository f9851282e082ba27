import { describe, expect, it } from "vitest";
import { formatUsd, renderCheckoutPage, renderPortalPage } from "./hosted-pages.ts";

const HOSTILE = `"><script>alert('x')</script>`;

describe("hosted pages", () => {
  it("escapes every value on the checkout page", () => {
    const html = renderCheckoutPage({
      lines: [{ name: HOSTILE, quantity: 1, priceCents: 1900 }],
      customerEmail: HOSTILE,
      payAction: `https://pay.test/${HOSTILE}`,
      failAction: `https://fail.test/${HOSTILE}`,
      cancelUrl: `https://back.test/?q=${HOSTILE}`,
    });

    expect(html).not.toContain("<script>");
    expect(html).toContain("&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;");
    expect(html).toContain('action="https://pay.test/&quot;&gt;&lt;script&gt;');
  });

  it("escapes every value on the portal page", () => {
    const html = renderPortalPage({
      customerEmail: HOSTILE,
      returnUrl: HOSTILE,
      subscriptions: [
        {
          productName: HOSTILE,
          status: "active",
          nextBillingDate: "2025-04-10",
          cancelAtNextBillingDate: true,
          cancelAction: `https://portal.test/${HOSTILE}`,
        },
      ],
    });

    expect(html).not.toContain("<script>");
    expect(html).toContain("active (cancels on the next billing date)");
    expect(html).toContain("Cancel subscription");
  });

  it("formats cents as dollars", () => {
    expect(formatUsd(1900)).toBe("$19.00");
    expect(formatUsd(13_705)).toBe("$137.05");
  });
});
