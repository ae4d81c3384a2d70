import { describe, expect, it } from "vitest";
import {
  parseMaxSales,
  conversionRate,
  DEFAULT_PAYMENT_LINK_BASE_URL,
  deriveLinkState,
  filterLinks,
  linkFiltersSchema,
  linkTotals,
  matchesSearch,
  publicLinkUrl,
  resolvePaymentLinkBaseUrl,
  slugify,
} from "@/components/payment-links/link-model";
import {
  createPaymentLinkBodySchema,
  KNOWN_PAYMENT_LINK_STATUSES,
  PaymentLinkSchema,
  type PaymentLink,
} from "@/lib/shared/schemas/payment-link";

const NOW = Date.parse("2026-11-22T12:00:00Z");
const HOUR = 3_600_000;

function link(overrides: Partial<Record<keyof PaymentLink, unknown>> = {}): PaymentLink {
  return PaymentLinkSchema.parse({
    id: "pl_1",
    name: "Camiseta",
    slug: "camiseta",
    amount_centavos: "5990",
    status: "active",
    starts_at: new Date(NOW - 24 * HOUR).toISOString(),
    visits: 100,
    checkouts_started: 20,
    sales_count: 5,
    revenue_centavos: "29950",
    ...overrides,
  });
}

describe("deriveLinkState", () => {
  // A link as the API returns it seconds after creation: started, no expiry, no sales limit.
  const EXPECTED: Record<(typeof KNOWN_PAYMENT_LINK_STATUSES)[number] | "paused_by_risk", string> = {
    pending: "active",
    active: "active",
    sold_out: "sold_out",
    expired: "expired",
    disabled: "disabled",
    paused_by_risk: "other",
  };

  it("gives every status the API may send exactly one state", () => {
    expect(Object.keys(EXPECTED).sort()).toEqual([...KNOWN_PAYMENT_LINK_STATUSES, "paused_by_risk"].sort());
    for (const [status, state] of Object.entries(EXPECTED)) {
      const fresh = link({ status, starts_at: new Date(NOW - 5_000).toISOString(), max_sales: null });
      expect(deriveLinkState(fresh, NOW), status).toBe(state);
    }
  });

  it("does not call a link of an unknown status scheduled, and a disabled link stays disabled past its expiry", () => {
    expect(
      deriveLinkState(link({ status: "paused_by_risk", starts_at: new Date(NOW + HOUR).toISOString() }), NOW),
    ).toBe("other");
    expect(deriveLinkState(link({ status: "disabled", expires_at: new Date(NOW - HOUR).toISOString() }), NOW)).toBe(
      "disabled",
    );
  });

  it("is active for a started active link", () => {
    expect(deriveLinkState(link(), NOW)).toBe("active");
  });

  it("treats a pending link whose start has passed as active, and one starting later as scheduled", () => {
    expect(deriveLinkState(link({ status: "pending", starts_at: new Date(NOW - HOUR).toISOString() }), NOW)).toBe(
      "active",
    );
    expect(deriveLinkState(link({ status: "pending", starts_at: new Date(NOW + HOUR).toISOString() }), NOW)).toBe(
      "scheduled",
    );
  });

  it("sees a sold-out link although the API still says active", () => {
    expect(deriveLinkState(link({ max_sales: 150, sales_count: 150 }), NOW)).toBe("sold_out");
    expect(deriveLinkState(link({ max_sales: "150", sales_count: 149 }), NOW)).toBe("active");
  });

  it("expires by status or by a past expires_at, whichever comes first", () => {
    expect(deriveLinkState(link({ expires_at: new Date(NOW - 1).toISOString() }), NOW)).toBe("expired");
    expect(deriveLinkState(link({ expires_at: new Date(NOW).toISOString() }), NOW)).toBe("expired");
    expect(deriveLinkState(link({ status: "expired" }), NOW)).toBe("expired");
    expect(deriveLinkState(link({ expires_at: new Date(NOW + 1).toISOString() }), NOW)).toBe("active");
  });

  it("keeps disabled and unknown statuses apart", () => {
    expect(deriveLinkState(link({ status: "disabled" }), NOW)).toBe("disabled");
    expect(deriveLinkState(link({ status: "paused_by_risk" }), NOW)).toBe("other");
  });
});

describe("conversion and totals", () => {
  it("is sales over visits, null (shown as —) without visits", () => {
    expect(conversionRate(5, 100)).toBe(0.05);
    expect(conversionRate(0, 0)).toBeNull();
    expect(conversionRate(3, 0)).toBeNull();
  });

  it("sums revenue as exact integer centavos", () => {
    const totals = linkTotals([
      link({ revenue_centavos: "10", sales_count: 1, visits: 0, checkouts_started: 1 }),
      link({ id: "pl_2", revenue_centavos: 20, sales_count: 2, visits: 8, checkouts_started: 3 }),
      link({ id: "pl_3", revenue_centavos: "9007199254740000", sales_count: 0, visits: 2, checkouts_started: 0 }),
    ]);
    expect(totals).toEqual({
      count: 3,
      revenueCentavos: 9007199254740030,
      sales: 3,
      visits: 10,
      checkoutsStarted: 4,
      conversion: 0.3,
    });
    expect(linkTotals([]).conversion).toBeNull();
  });
});

describe("slugify", () => {
  it.each([
    ["Curso Intensivo Ação 2026", "curso-intensivo-acao-2026"],
    ["  Café & Pão!  ", "cafe-pao"],
    ["Pré-venda -- Livro", "pre-venda-livro"],
    ["ÁÉÍÓÚ çãõ", "aeiou-cao"],
    ["Straße", "strasse"],
    ["!!!", ""],
  ])("%j → %j", (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });

  it("produces slugs the shared schema accepts, at most 64 characters, never ending in a hyphen", () => {
    const long = slugify(`${"palavra ".repeat(7)}x${"y".repeat(60)}`);
    expect(long.length).toBeLessThanOrEqual(64);
    expect(long.endsWith("-")).toBe(false);
    const parsed = createPaymentLinkBodySchema.safeParse({
      name: "X",
      slug: slugify("Doação Livre para o Abrigo"),
      amount_centavos: 100,
    });
    expect(parsed.success).toBe(true);
  });
});

describe("public URL", () => {
  it("joins the base and the slug with exactly one slash", () => {
    expect(publicLinkUrl("https://pay.example.com/l/", "camiseta")).toBe("https://pay.example.com/l/camiseta");
    expect(publicLinkUrl("https://pay.example.com/l", "camiseta")).toBe("https://pay.example.com/l/camiseta");
  });

  it("uses the environment's base when it is an http(s) URL, else the default", () => {
    expect(resolvePaymentLinkBaseUrl(undefined)).toBe(DEFAULT_PAYMENT_LINK_BASE_URL);
    expect(resolvePaymentLinkBaseUrl("  ")).toBe(DEFAULT_PAYMENT_LINK_BASE_URL);
    expect(resolvePaymentLinkBaseUrl("https://pague.loja.com.br/p")).toBe("https://pague.loja.com.br/p/");
    expect(resolvePaymentLinkBaseUrl("javascript:alert(1)")).toBe(DEFAULT_PAYMENT_LINK_BASE_URL);
    expect(resolvePaymentLinkBaseUrl("not a url")).toBe(DEFAULT_PAYMENT_LINK_BASE_URL);
  });
});

describe("search and filters", () => {
  const rows = [
    {
      link: link({
        id: "pl_a",
        name: "Doação Livre",
        slug: "doacao-livre",
        amount_centavos: null,
        min_amount_centavos: 1000,
      }),
      state: "active" as const,
    },
    { link: link({ id: "pl_b", name: "Curso de Fotografia", slug: "curso-fotografia" }), state: "expired" as const },
    { link: link({ id: "pl_c", name: "Show", slug: "show-de-verao" }), state: "sold_out" as const },
  ];

  it("matches name or slug, ignoring accents and case, every word", () => {
    expect(matchesSearch(rows[0]!.link, "DOACAO")).toBe(true);
    expect(matchesSearch(rows[0]!.link, "livre doa")).toBe(true);
    expect(matchesSearch(rows[1]!.link, "fotografia curso")).toBe(true);
    expect(matchesSearch(rows[1]!.link, "fotografia show")).toBe(false);
    expect(matchesSearch(rows[2]!.link, "verao")).toBe(true);
  });

  it("filters by derived state and amount type together with the search", () => {
    expect(filterLinks(rows, { q: "", state: undefined, amount: "minimum" }).map((r) => r.link.id)).toEqual(["pl_a"]);
    expect(filterLinks(rows, { q: "", state: "sold_out", amount: undefined }).map((r) => r.link.id)).toEqual(["pl_c"]);
    expect(filterLinks(rows, { q: "curso", state: "active", amount: undefined })).toEqual([]);
  });

  it("reads the URL leniently: unknown filter values fall back to none", () => {
    expect(linkFiltersSchema.parse({ state: "bogus", amount: "free", q: "x" })).toEqual({
      q: "x",
      state: undefined,
      amount: undefined,
      sort: "",
      id: undefined,
    });
  });
});

describe("the sales limit as typed", () => {
  it.each([
    ["", "pt-BR", undefined],
    ["150", "pt-BR", 150],
    [" 1.000 ", "pt-BR", 1000],
    ["1,000", "en", 1000],
    ["-1", "pt-BR", -1],
  ] as const)("%j in %s is %s", (text, locale, expected) => {
    expect(parseMaxSales(text, locale)).toBe(expected);
  });

  it.each([
    ["5a0", "pt-BR"],
    ["1,5", "pt-BR"],
    ["2,0", "pt-BR"],
    // A comma in Portuguese (a point in English) is a decimal mark: a count has none, so it is refused, not read as 1.
    ["1,000", "pt-BR"],
    ["1.000", "en"],
    ["1.0000", "pt-BR"],
    ["10.00", "en"],
  ] as const)("%j in %s is not a count", (text, locale) => {
    expect(parseMaxSales(text, locale)).toBeNaN();
  });
});
