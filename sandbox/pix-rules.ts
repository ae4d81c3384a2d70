/** Payout rules of the sandbox: fee, DICT "not found" keys, key masking, holder names. */

/** 1% of the amount, floored, with a minimum of R$ 0,50. */
export function payoutFee(amountCentavos: number): number {
  return Math.max(50, Math.floor(amountCentavos / 100));
}

/** Normalised keys that DICT "does not know": payouts to them end as failed. */
export const DICT_NOT_FOUND_KEYS: ReadonlySet<string> = new Set([
  "email:naoexiste@example.com",
  "evp:00000000-0000-4000-8000-000000000000",
  "phone:+5511900000000",
  "cpf:00000000191",
]);

export const DICT_NOT_FOUND_REASON = "Chave Pix não encontrada (DICT)";

export function isDictNotFound(type: string, normalizedKey: string): boolean {
  return DICT_NOT_FOUND_KEYS.has(`${type}:${normalizedKey}`);
}

/** The payments API's own mask for `pix_key_masked` in the retrieve shape (the dashboard masks its register with `maskPixKey`, a different format). */
export function maskPixKeyAsApi(type: string, key: string): string {
  switch (type) {
    case "email": {
      const at = key.indexOf("@");
      if (at <= 0) return "***";
      return `${key.slice(0, 1)}***${key.slice(at)}`;
    }
    case "cpf":
      // 12345678909 → ***.456.789-**
      return `***.${key.slice(3, 6)}.${key.slice(6, 9)}-**`;
    case "cnpj":
      // 12345678000195 → **.345.678/0001-**
      return `**.${key.slice(2, 5)}.${key.slice(5, 8)}/${key.slice(8, 12)}-**`;
    case "phone": {
      // +5511987654321 → +55 11 *****-4321
      const ddd = key.slice(3, 5);
      return `+55 ${ddd} *****-${key.slice(-4)}`;
    }
    case "evp":
      // 123e4567-e89b-12d3-a456-426614174000 → 123e4567-****-****-****-********4000
      return `${key.slice(0, 8)}-****-****-****-********${key.slice(-4)}`;
    default:
      return "***";
  }
}

const FIRST_NAMES = [
  "Ana",
  "Bruno",
  "Carla",
  "Diego",
  "Eduarda",
  "Felipe",
  "Gabriela",
  "Henrique",
  "Isabela",
  "João",
  "Larissa",
  "Marcos",
  "Natália",
  "Otávio",
  "Paula",
  "Rafael",
  "Sofia",
  "Thiago",
  "Vanessa",
  "Wagner",
];
const LAST_NAMES = [
  "Almeida",
  "Barbosa",
  "Cardoso",
  "Dias",
  "Ferreira",
  "Gomes",
  "Lima",
  "Martins",
  "Nogueira",
  "Oliveira",
  "Pereira",
  "Ribeiro",
  "Santos",
  "Souza",
  "Teixeira",
  "Vieira",
];
const COMPANY_WORDS = [
  "Padaria Estrela",
  "Mercado Bom Preço",
  "Oficina Central",
  "Distribuidora Sol",
  "Papelaria Aurora",
  "Farmácia Vida",
  "Transportes Rápido",
  "Café Paulista",
];
const COMPANY_SUFFIX = ["Ltda", "ME", "S.A.", "EIRELI"];

function hash(text: string): number {
  // FNV-1a, 32 bits.
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

function at<T>(items: readonly T[], index: number): T {
  const item = items[index % items.length];
  if (item === undefined) throw new Error("empty list");
  return item;
}

/** Deterministic holder name for a key: a company for CNPJ keys, a person otherwise. */
export function holderNameFor(type: string, key: string): string {
  const h = hash(`${type}:${key}`);
  if (type === "cnpj") return `${at(COMPANY_WORDS, h)} ${at(COMPANY_SUFFIX, h >>> 8)}`;
  return `${at(FIRST_NAMES, h)} ${at(LAST_NAMES, h >>> 8)} ${at(LAST_NAMES, h >>> 16)}`;
}
