import { describe, expect, it } from "vitest";
import { formatPrice } from "~/components/money";

describe("formatPrice", () => {
  it("USD with cents, comma thousands, through the domain's formatter", () => {
    expect(formatPrice(120, "USD")).toBe("USD 120.00");
    expect(formatPrice(1234.5, "USD")).toBe("USD 1,234.50");
    expect(formatPrice(0, "USD")).toBe("USD 0.00");
    expect(formatPrice(1_000_000, "USD")).toBe("USD 1,000,000.00");
  });

  it("no currency means USD; the code is shown in capitals", () => {
    expect(formatPrice(15, null)).toBe("USD 15.00");
    expect(formatPrice(15, undefined)).toBe("USD 15.00");
    expect(formatPrice(15, "")).toBe("USD 15.00");
    expect(formatPrice(15, "usd")).toBe("USD 15.00");
    expect(formatPrice(15, "eur")).toBe("EUR 15");
  });

  it("other currencies in Spanish (Colombia) style, decimals only when there are any", () => {
    expect(formatPrice(15, "EUR")).toBe("EUR 15");
    expect(formatPrice(15.5, "EUR")).toBe("EUR 15,5");
    expect(formatPrice(12.345, "EUR")).toBe("EUR 12,35");
    expect(formatPrice(5000, "COP")).toBe("COP 5.000");
    expect(formatPrice(50000, "COP")).toBe("COP 50.000");
    expect(formatPrice(1234567.89, "ARS")).toBe("ARS 1.234.567,89");
  });

  it("float noise snaps to the cent", () => {
    expect(formatPrice(0.1 + 0.2, "USD")).toBe("USD 0.30");
    expect(formatPrice(19.99, "USD")).toBe("USD 19.99");
  });

  it("a USD price with more than two decimals is rounded, not a page error", () => {
    expect(formatPrice(9.999, "USD")).toBe("USD 10.00");
    expect(formatPrice(12.341, "USD")).toBe("USD 12.34");
  });
});
