/**
 * Generated payment links for big-list seeding (`--seed-links N`): deterministic
 * (the caller passes a fixed-seed PRNG) and valid under the contract's rules
 * (name 1-120, slug of lowercase letters, digits and single hyphens, amounts
 * positive integers up to the sandbox's limit).
 */
import type { Prng } from "./random";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Acme's totals when seeding; below the demo counts the demo data is kept as it is. */
export interface SeedSizes {
  links?: number;
  chargebacks?: number;
}

export interface LinkSeed {
  name: string;
  slug: string;
  description: string;
  amount?: number;
  min?: number;
  maxSales?: number;
  /** Relative to now; negative = in the past. */
  expiresInMs?: number;
  startsInMs: number;
  createdAgoMs: number;
  status: "active" | "expired" | "pending";
  visits: number;
  soldOut?: boolean;
}

const PRODUCTS = [
  "Camiseta",
  "Caneca",
  "Curso",
  "Ingresso",
  "Assinatura",
  "Workshop",
  "Ebook",
  "Mentoria",
  "Kit",
  "Doação",
  "Rifa",
  "Consultoria",
  "Pacote",
  "Aula",
  "Cesta",
];
const QUALIFIERS = [
  "Básico",
  "Premium",
  "Edição Limitada",
  "Verão",
  "Inverno",
  "Família",
  "Empresarial",
  "Digital",
  "Presencial",
  "Especial",
  "Mensal",
  "Anual",
];

/** `count` link seeds (none when count ≤ 0), numbered so names and slugs are unique and searchable. */
export function generatedLinkSeeds(count: number, prng: Prng): LinkSeed[] {
  const out: LinkSeed[] = [];
  for (let i = 1; i <= count; i++) {
    const product = prng.pick(PRODUCTS);
    const qualifier = prng.pick(QUALIFIERS);
    const number = String(i).padStart(5, "0");
    const roll = prng.next();
    const status: LinkSeed["status"] = roll < 0.7 ? "active" : roll < 0.9 ? "expired" : "pending";
    const createdAgoMs = prng.int(1, 365) * DAY + prng.int(0, 23) * HOUR;
    const free = prng.next() < 0.15;
    const limited = prng.next() < 0.3;
    out.push({
      name: `${product} ${qualifier} #${number}`,
      slug: `lote-${number}`,
      description: prng.next() < 0.2 ? "" : `${product} ${qualifier.toLowerCase()}, item ${number}.`,
      ...(free ? { min: prng.int(5, 50) * 100 } : { amount: prng.int(10, 2000) * 100 - prng.int(0, 1) * 10 }),
      ...(limited ? { maxSales: prng.int(20, 1000) } : {}),
      // Expired links expired in the past; the others expire later or never.
      ...(status === "expired"
        ? { expiresInMs: -prng.int(1, 30) * DAY }
        : prng.next() < 0.4
          ? { expiresInMs: prng.int(2, 120) * DAY }
          : {}),
      startsInMs: status === "pending" ? prng.int(1, 30) * DAY : -Math.floor(createdAgoMs / 2),
      createdAgoMs,
      status,
      visits: status === "pending" ? 0 : prng.int(0, 5000),
    });
  }
  return out;
}
