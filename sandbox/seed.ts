/**
 * Deterministic demo data. Ids, names and amounts come from a fixed-seed PRNG;
 * timestamps are relative to `now` (seed or reset time) so deadlines stay realistic.
 */
import { ACME, BETA } from "./businesses";
import { holderNameFor, payoutFee, DICT_NOT_FOUND_REASON } from "./pix-rules";
import { newEndToEndId, Prng } from "./random";
import { generatedLinkSeeds, type LinkSeed, type SeedSizes } from "./seed-bulk";
import type {
  ChargebackRecord,
  PaymentLinkRecord,
  SandboxPayoutRecord,
  PersistedState,
  SubaccountRecord,
} from "./types";

export const SEED = 20261122;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function checkDigit(values: number[], weights: number[]): number {
  const rest = values.reduce((acc, v, i) => acc + v * (weights[i] ?? 0), 0) % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** A valid CPF (digits only) from 9 random digits. */
export function makeCpf(prng: Prng): string {
  const base = [...prng.digits(9)].map(Number);
  if (base.every((d) => d === base[0])) base[8] = ((base[8] ?? 0) + 1) % 10;
  const d1 = checkDigit(base, [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const d2 = checkDigit([...base, d1], [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return [...base, d1, d2].join("");
}

/** A valid all-digit CNPJ (branch 0001). */
export function makeCnpj(prng: Prng): string {
  const base = [...(prng.digits(8) + "0001")].map(Number);
  const d1 = checkDigit(base, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  const d2 = checkDigit([...base, d1], [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  return [...base, d1, d2].join("");
}

const iso = (ms: number): string => new Date(ms).toISOString();

const CUSTOMER_FIRST = [
  "Adriana",
  "Beatriz",
  "Caio",
  "Daniela",
  "Emerson",
  "Fernanda",
  "Gustavo",
  "Helena",
  "Igor",
  "Juliana",
  "Kleber",
  "Luana",
  "Mateus",
  "Nicole",
  "Pedro",
  "Renata",
  "Samuel",
  "Tatiane",
  "Vitor",
  "Yasmin",
];
const CUSTOMER_LAST = [
  "Araújo",
  "Batista",
  "Costa",
  "Duarte",
  "Esteves",
  "Freitas",
  "Guimarães",
  "Holanda",
  "Moreira",
  "Pinto",
  "Queiroz",
  "Rocha",
  "Sales",
  "Tavares",
];

function customerName(prng: Prng): string {
  return `${prng.pick(CUSTOMER_FIRST)} ${prng.pick(CUSTOMER_LAST)}`;
}

interface PayoutSeed {
  id: string;
  amount: number;
  type: string;
  key: string;
  agoMs: number;
  failed?: boolean;
}

function makePayout(businessId: string, s: PayoutSeed, now: number, prng: Prng): SandboxPayoutRecord {
  const created = now - s.agoMs;
  const settles = created + 4000;
  const fee = payoutFee(s.amount);
  return {
    id: s.id,
    business_id: businessId,
    idempotency_key: `seed-${s.id}`,
    amount_centavos: s.amount,
    fee_centavos: fee,
    net_centavos: s.amount - fee,
    pix_key: s.key,
    pix_key_type: s.type,
    holder_name: s.failed ? null : holderNameFor(s.type, s.key),
    end_to_end_id: newEndToEndId(new Date(created), prng),
    status: s.failed ? "failed" : "paid",
    outcome: s.failed ? "failed" : "paid",
    failure_reason: s.failed ? DICT_NOT_FOUND_REASON : null,
    created_at: iso(created),
    settles_at: iso(settles),
    paid_at: s.failed ? null : iso(settles),
  };
}

function makeLink(businessId: string, s: LinkSeed, now: number, prng: Prng): PaymentLinkRecord {
  let visits = 0;
  let checkouts = 0;
  let sales = 0;
  if (s.status !== "pending") {
    visits = s.visits;
    if (s.soldOut && s.maxSales !== undefined) {
      sales = s.maxSales;
      checkouts = sales + prng.int(5, 40);
      visits = Math.max(visits, checkouts + prng.int(50, 300));
    } else {
      checkouts = Math.floor(visits * (0.15 + prng.next() * 0.3));
      sales = Math.floor(checkouts * (0.3 + prng.next() * 0.5));
      if (s.maxSales !== undefined) sales = Math.min(sales, s.maxSales - 1);
    }
  } else {
    visits = prng.int(0, 12);
  }
  let revenue = 0;
  if (s.amount !== undefined) revenue = s.amount * sales;
  else if (s.min !== undefined)
    for (let i = 0; i < sales; i++) revenue += s.min + prng.int(0, 4) * Math.max(s.min, 500);
  return {
    id: `pl_${prng.alnum(16)}`,
    business_id: businessId,
    name: s.name,
    description: s.description,
    slug: s.slug,
    amount_centavos: s.amount ?? null,
    min_amount_centavos: s.min ?? null,
    collect_customer_data: prng.next() < 0.5,
    max_sales: s.maxSales ?? null,
    expires_at: s.expiresInMs === undefined ? null : iso(now + s.expiresInMs),
    starts_at: iso(now + s.startsInMs),
    status: s.status,
    checkouts_started: checkouts,
    sales_count: sales,
    visits,
    revenue_centavos: revenue,
    created_at: iso(now - s.createdAgoMs),
  };
}

const ACME_LINKS: LinkSeed[] = [
  {
    name: "Camiseta Básica",
    slug: "camiseta-basica",
    description: "Camiseta 100% algodão, tamanhos P a GG.",
    amount: 5990,
    startsInMs: -40 * DAY,
    createdAgoMs: 40 * DAY,
    status: "active",
    visits: 1840,
  },
  {
    name: "Curso Online de Fotografia",
    slug: "curso-fotografia",
    description: "Acesso vitalício às 24 aulas.",
    amount: 29700,
    maxSales: 200,
    expiresInMs: 30 * DAY,
    startsInMs: -20 * DAY,
    createdAgoMs: 21 * DAY,
    status: "active",
    visits: 2310,
  },
  {
    name: "Doação Livre",
    slug: "doacao-livre",
    description: "Contribua com qualquer valor a partir de R$ 10,00.",
    min: 1000,
    startsInMs: -60 * DAY,
    createdAgoMs: 60 * DAY,
    status: "active",
    visits: 950,
  },
  {
    name: "Ingresso Show de Verão",
    slug: "show-de-verao",
    description: "Pista, entrada única.",
    amount: 12000,
    maxSales: 150,
    expiresInMs: 10 * DAY,
    startsInMs: -15 * DAY,
    createdAgoMs: 16 * DAY,
    status: "active",
    visits: 3400,
    soldOut: true,
  },
  {
    name: "Consultoria 1h",
    slug: "consultoria-1h",
    description: "Sessão individual por videochamada.",
    amount: 35000,
    startsInMs: 2 * DAY,
    createdAgoMs: 1 * DAY,
    status: "pending",
    visits: 0,
  },
  {
    name: "Kit Black Friday",
    slug: "kit-black-friday",
    description: "Kit promocional de fim de ano.",
    amount: 19990,
    expiresInMs: -20 * DAY,
    startsInMs: -35 * DAY,
    createdAgoMs: 36 * DAY,
    status: "expired",
    visits: 5120,
  },
  {
    name: "Workshop de Café",
    slug: "workshop-cafe",
    description: "Turma de sábado, 30 vagas.",
    amount: 8000,
    maxSales: 30,
    expiresInMs: -3 * DAY,
    startsInMs: -25 * DAY,
    createdAgoMs: 25 * DAY,
    status: "expired",
    visits: 410,
  },
  {
    name: "Assinatura Mensal",
    slug: "assinatura-mensal",
    description: "Clube do livro, um título por mês.",
    amount: 4990,
    startsInMs: -90 * DAY,
    createdAgoMs: 90 * DAY,
    status: "active",
    visits: 780,
  },
  {
    name: "Gorjeta da Equipe",
    slug: "gorjeta",
    description: "",
    min: 500,
    startsInMs: -10 * DAY,
    createdAgoMs: 10 * DAY,
    status: "active",
    visits: 260,
  },
  {
    name: "Pré-venda Livro",
    slug: "pre-venda-livro",
    description: "Envio previsto para o próximo mês.",
    amount: 6990,
    maxSales: 300,
    expiresInMs: 45 * DAY,
    startsInMs: 5 * DAY,
    createdAgoMs: 2 * HOUR,
    status: "pending",
    visits: 0,
  },
  {
    name: "Rifa Beneficente",
    slug: "rifa-beneficente",
    description: "Toda a renda vai para o abrigo local.",
    min: 2000,
    maxSales: 500,
    expiresInMs: 5 * DAY,
    startsInMs: -8 * DAY,
    createdAgoMs: 8 * DAY,
    status: "active",
    visits: 1320,
  },
  {
    name: "Evento Corporativo",
    slug: "evento-corporativo",
    description: "Convite para o evento anual.",
    amount: 150000,
    maxSales: 80,
    expiresInMs: -45 * DAY,
    startsInMs: -75 * DAY,
    createdAgoMs: 75 * DAY,
    status: "expired",
    visits: 220,
  },
];

const BETA_LINKS: LinkSeed[] = [
  {
    name: "Aula Experimental",
    slug: "aula-experimental",
    description: "Primeira aula de ioga.",
    amount: 3000,
    startsInMs: -12 * DAY,
    createdAgoMs: 12 * DAY,
    status: "active",
    visits: 310,
  },
  {
    name: "Contribuição",
    slug: "contribuicao",
    description: "",
    min: 1500,
    startsInMs: -30 * DAY,
    createdAgoMs: 30 * DAY,
    status: "active",
    visits: 140,
  },
  {
    name: "Retiro de Inverno",
    slug: "retiro-inverno",
    description: "Três dias na serra.",
    amount: 89000,
    maxSales: 20,
    expiresInMs: -2 * DAY,
    startsInMs: -40 * DAY,
    createdAgoMs: 40 * DAY,
    status: "expired",
    visits: 600,
  },
];

const ACME_CHARGEBACKS = 32;

const newestFirst = (list: ChargebackRecord[]): ChargebackRecord[] =>
  list.sort((a, b) => (a.created_at < b.created_at ? 1 : -1));

const OPEN_STATUSES = ["needs_response", "needs_response", "under_review"] as const;
const CLOSED_STATUSES = ["won", "lost", "accepted", "refunded"] as const;
const CARD_BRANDS = ["visa", "mastercard", "elo", "amex", "hipercard"] as const;
const VISA_REASONS = [
  { reason: "Fraude: transação não reconhecida pelo portador", code: "10.4" },
  { reason: "Mercadoria ou serviço não recebido", code: "13.1" },
  { reason: "Assinatura cancelada", code: "13.2" },
  { reason: "Produto diferente do anunciado", code: "13.3" },
  { reason: "Cobrança duplicada", code: "12.6.1" },
];
const MASTERCARD_REASONS = [
  { reason: "Sem autorização do portador", code: "4837" },
  { reason: "Desacordo comercial", code: "4853" },
  { reason: "Processamento duplicado", code: "4834" },
  { reason: "Produto não entregue", code: "4855" },
];
const MED_REASONS = [
  { reason: "Fraude (MED)", code: "MED_FRAUD" },
  { reason: "Golpe por engenharia social (MED)", code: "MED_SCAM" },
  { reason: "Falha operacional do PSP", code: "MED_OPERATIONAL_FLAW" },
];

function makeChargebacks(
  businessId: string,
  count: number,
  payoutIds: string[],
  now: number,
  prng: Prng,
): ChargebackRecord[] {
  const out: ChargebackRecord[] = [];
  let openIndex = 0;
  for (let i = 0; i < count; i++) {
    const open = i % 5 < 2; // 40% open
    const status = open ? prng.pick(OPEN_STATUSES) : prng.pick(CLOSED_STATUSES);
    let created: number;
    let respondBy: number;
    if (open) {
      // Deadlines spread from a few hours to ~12 days ahead; the first ones are the urgent ones.
      const aheadHours = openIndex === 0 ? 5 : openIndex === 1 ? 20 : prng.int(6, 12 * 24);
      openIndex++;
      respondBy = now + aheadHours * HOUR + prng.int(0, 59) * 60_000;
      created = respondBy - prng.int(7, 15) * DAY;
      if (created > now - HOUR) created = now - prng.int(1, 48) * HOUR;
    } else {
      created = now - prng.int(10, 90) * DAY - prng.int(0, 23) * HOUR;
      respondBy = created + 7 * DAY;
    }
    const card = prng.next() < 0.6;
    const base = {
      id: `cb_${prng.alnum(16)}`,
      business_id: businessId,
      status,
      created_at: iso(created),
      respond_by: iso(respondBy),
      customer_name: customerName(prng),
    };
    if (card) {
      const brand = prng.pick(CARD_BRANDS);
      const r = prng.pick(brand === "mastercard" ? MASTERCARD_REASONS : VISA_REASONS);
      out.push({
        ...base,
        kind: "card_chargeback",
        amount_centavos: prng.int(15, 2500) * 100 + prng.int(0, 99),
        reason: r.reason,
        reason_code: r.code,
        card_brand: brand,
        card_last4: prng.digits(4),
        network_case_id: `NC${prng.digits(10)}`,
      });
    } else {
      const r = prng.pick(MED_REASONS);
      out.push({
        ...base,
        kind: "pix_med",
        amount_centavos: prng.int(50, 5000) * 100,
        reason: r.reason,
        reason_code: r.code,
        end_to_end_id: newEndToEndId(new Date(created - prng.int(1, 72) * HOUR), prng),
        payout_id: prng.pick(payoutIds),
      });
    }
  }
  return newestFirst(out);
}

function makeSubaccount(
  businessId: string,
  fields: Omit<SubaccountRecord, "business_id" | "created_at" | "updated_at">,
  now: number,
): SubaccountRecord {
  return { ...fields, business_id: businessId, created_at: iso(now - 120 * DAY), updated_at: iso(now - 7 * DAY) };
}

/** `sizes`: Acme's payment links and chargebacks in all (the demo ones, then generated ones up to the count). */
export function buildSeed(now: number = Date.now(), sizes: SeedSizes = {}): PersistedState {
  const prng = new Prng(SEED);

  const acmePayouts: PayoutSeed[] = [
    { id: "po_demo_paid", amount: 150_000, type: "email", key: "fornecedor@example.com", agoMs: 3 * DAY },
    {
      id: "po_demo_failed",
      amount: 25_000,
      type: "evp",
      key: "00000000-0000-4000-8000-000000000000",
      agoMs: 2 * DAY,
      failed: true,
    },
    { id: "po_demo_cnpj", amount: 1_250_000, type: "cnpj", key: makeCnpj(prng), agoMs: 2 * DAY - 3 * HOUR },
    { id: "po_demo_cpf", amount: 8_990, type: "cpf", key: makeCpf(prng), agoMs: DAY },
    { id: "po_demo_phone", amount: 4_500, type: "phone", key: "+5511987654321", agoMs: 5 * HOUR },
  ];
  const payouts = [
    ...acmePayouts.map((p) => makePayout(ACME.id, p, now, prng)),
    makePayout(
      BETA.id,
      { id: "po_beta_1", amount: 50_000, type: "email", key: "contato@beta.example.com", agoMs: DAY + 2 * HOUR },
      now,
      prng,
    ),
  ];

  const subaccounts: SubaccountRecord[] = [
    makeSubaccount(
      ACME.id,
      {
        id: "sa_demo_1",
        name: "Loja Centro",
        email: "loja.centro@acme.example.com",
        document: makeCpf(prng),
        external_reference: "acme-loja-centro",
        daily_limit_centavos: 500_000,
        monthly_limit_centavos: 10_000_000,
        is_blocked: false,
      },
      now,
    ),
    makeSubaccount(
      ACME.id,
      {
        id: "sa_demo_2",
        name: "Filial Norte Comércio Ltda",
        email: "financeiro.norte@acme.example.com",
        document: makeCnpj(prng),
        external_reference: "acme-filial-norte",
        daily_limit_centavos: 2_000_000,
        monthly_limit_centavos: 40_000_000,
        is_blocked: true,
      },
      now,
    ),
    makeSubaccount(
      BETA.id,
      {
        id: "sa_beta_1",
        name: "Beta Studio",
        email: "studio@beta.example.com",
        document: makeCnpj(prng),
        external_reference: "beta-studio",
        daily_limit_centavos: 300_000,
        monthly_limit_centavos: 5_000_000,
        is_blocked: false,
      },
      now,
    ),
  ];

  const acmeLinks = ACME_LINKS.map((l) => makeLink(ACME.id, l, now, prng));
  const betaLinks = BETA_LINKS.map((l) => makeLink(BETA.id, l, now, prng));
  const acmeChargebacks = makeChargebacks(
    ACME.id,
    ACME_CHARGEBACKS,
    acmePayouts.map((p) => p.id),
    now,
    prng,
  );
  const betaChargebacks = makeChargebacks(BETA.id, 5, ["po_beta_1"], now, prng);
  // Generated data draws from its own PRNG, so the demo data is the same whatever the sizes.
  const bulk = new Prng(SEED + 1);
  const generated = generatedLinkSeeds((sizes.links ?? 0) - acmeLinks.length, bulk).map((l) =>
    makeLink(ACME.id, l, now, bulk),
  );
  const links = [...acmeLinks, ...generated, ...betaLinks];
  const extra = makeChargebacks(
    ACME.id,
    Math.max(0, (sizes.chargebacks ?? 0) - acmeChargebacks.length),
    acmePayouts.map((p) => p.id),
    now,
    bulk,
  );
  const chargebacks = [
    ...(extra.length > 0 ? newestFirst([...acmeChargebacks, ...extra]) : acmeChargebacks),
    ...betaChargebacks,
  ];

  return { version: 1, seeded_at: iso(now), payouts, links, subaccounts, chargebacks, idempotency: [] };
}
