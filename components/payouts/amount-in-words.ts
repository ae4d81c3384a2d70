/**
 * An amount of BRL centavos written out in words, for the payout review step:
 * "mil duzentos e trinta e quatro reais e cinquenta e seis centavos" /
 * "one thousand two hundred thirty-four reais and fifty-six cents".
 *
 * Works on integers only (reais and centavos are split with integer
 * arithmetic), for every safe integer amount (up to trillions of reais).
 */
import type { Locale } from "@/lib/shared/i18n/config";

const PT_UNITS = [
  "zero",
  "um",
  "dois",
  "três",
  "quatro",
  "cinco",
  "seis",
  "sete",
  "oito",
  "nove",
  "dez",
  "onze",
  "doze",
  "treze",
  "quatorze",
  "quinze",
  "dezesseis",
  "dezessete",
  "dezoito",
  "dezenove",
] as const;
const PT_TENS = [
  "",
  "",
  "vinte",
  "trinta",
  "quarenta",
  "cinquenta",
  "sessenta",
  "setenta",
  "oitenta",
  "noventa",
] as const;
const PT_HUNDREDS = [
  "",
  "cento",
  "duzentos",
  "trezentos",
  "quatrocentos",
  "quinhentos",
  "seiscentos",
  "setecentos",
  "oitocentos",
  "novecentos",
] as const;
/** Scale words by group index (1 = thousands): singular, plural. */
const PT_SCALES: ReadonlyArray<readonly [string, string]> = [
  ["", ""],
  ["mil", "mil"],
  ["milhão", "milhões"],
  ["bilhão", "bilhões"],
  ["trilhão", "trilhões"],
  ["quatrilhão", "quatrilhões"],
];

const EN_UNITS = [
  "zero",
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
  "thirteen",
  "fourteen",
  "fifteen",
  "sixteen",
  "seventeen",
  "eighteen",
  "nineteen",
] as const;
const EN_TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"] as const;
const EN_SCALES = ["", "thousand", "million", "billion", "trillion", "quadrillion"] as const;

/** Splits a non-negative integer into groups of three digits, least significant first. */
function groupsOf(value: number): number[] {
  const groups: number[] = [];
  let rest = value;
  do {
    groups.push(rest % 1000);
    rest = Math.floor(rest / 1000);
  } while (rest > 0);
  return groups;
}

/** 1–999 in Portuguese ("cento e vinte e três", "cem", "duzentos"). */
function ptHundreds(n: number): string {
  if (n === 100) return "cem";
  const parts: string[] = [];
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  if (hundreds > 0) parts.push(PT_HUNDREDS[hundreds] ?? "");
  if (rest > 0) {
    if (rest < 20) parts.push(PT_UNITS[rest] ?? "");
    else {
      const tens = PT_TENS[Math.floor(rest / 10)] ?? "";
      const units = rest % 10;
      parts.push(units > 0 ? `${tens} e ${PT_UNITS[units]}` : tens);
    }
  }
  return parts.join(" e ");
}

/** A non-negative integer in Portuguese words ("mil duzentos e trinta e quatro", "um milhão"). */
export function integerToWordsPt(value: number): string {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError("integerToWordsPt: a non-negative safe integer is required");
  if (value === 0) return PT_UNITS[0];
  const groups = groupsOf(value);
  const nonZero = groups.map((g, i) => ({ g, i })).filter(({ g }) => g > 0);
  // Most significant first.
  nonZero.reverse();
  const words: string[] = [];
  nonZero.forEach(({ g, i }, position) => {
    let text: string;
    if (i === 0) text = ptHundreds(g);
    else if (i === 1) text = g === 1 ? "mil" : `${ptHundreds(g)} mil`;
    else {
      const [singular, plural] = PT_SCALES[i] ?? ["", ""];
      text = `${ptHundreds(g)} ${g === 1 ? singular : plural}`;
    }
    // "e" joins the last group when it is below one hundred or a round hundred: "mil e cem", "um milhão e quinhentos mil".
    const isLast = position === nonZero.length - 1;
    if (position > 0 && isLast && (g < 100 || g % 100 === 0)) words.push("e");
    words.push(text);
  });
  return words.join(" ");
}

/** 1–999 in English ("one hundred twenty-three"). */
function enHundreds(n: number): string {
  const parts: string[] = [];
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  if (hundreds > 0) parts.push(`${EN_UNITS[hundreds]} hundred`);
  if (rest > 0) {
    if (rest < 20) parts.push(EN_UNITS[rest] ?? "");
    else {
      const tens = EN_TENS[Math.floor(rest / 10)] ?? "";
      const units = rest % 10;
      parts.push(units > 0 ? `${tens}-${EN_UNITS[units]}` : tens);
    }
  }
  return parts.join(" ");
}

/** A non-negative integer in English words ("one thousand two hundred thirty-four"). */
export function integerToWordsEn(value: number): string {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError("integerToWordsEn: a non-negative safe integer is required");
  if (value === 0) return EN_UNITS[0];
  const groups = groupsOf(value);
  const words: string[] = [];
  for (let i = groups.length - 1; i >= 0; i--) {
    const g = groups[i] ?? 0;
    if (g === 0) continue;
    const scale = EN_SCALES[i] ?? "";
    words.push(scale ? `${enHundreds(g)} ${scale}` : enHundreds(g));
  }
  return words.join(" ");
}

function amountPt(reais: number, centavos: number): string {
  const parts: string[] = [];
  if (reais > 0) {
    const words = integerToWordsPt(reais);
    // Whole millions, billions…: "um milhão de reais", "dois bilhões de reais".
    const wholeMillions = reais >= 1_000_000 && reais % 1_000_000 === 0;
    parts.push(`${words} ${wholeMillions ? "de reais" : reais === 1 ? "real" : "reais"}`);
  }
  if (centavos > 0) parts.push(`${integerToWordsPt(centavos)} ${centavos === 1 ? "centavo" : "centavos"}`);
  if (parts.length === 0) return "zero reais";
  return parts.join(" e ");
}

function amountEn(reais: number, centavos: number): string {
  const parts: string[] = [];
  if (reais > 0) parts.push(`${integerToWordsEn(reais)} ${reais === 1 ? "real" : "reais"}`);
  if (centavos > 0) parts.push(`${integerToWordsEn(centavos)} ${centavos === 1 ? "cent" : "cents"}`);
  if (parts.length === 0) return "zero reais";
  return parts.join(" and ");
}

/**
 * Integer centavos → the amount in words in the operator's language. Throws a
 * RangeError for anything that is not a non-negative safe integer (never
 * guesses about a fraction of a centavo).
 */
export function amountInWords(centavos: number, locale: Locale): string {
  if (!Number.isSafeInteger(centavos) || centavos < 0)
    throw new RangeError("amountInWords: centavos must be a non-negative safe integer");
  const reais = Math.floor(centavos / 100);
  const cents = centavos % 100;
  return locale === "en" ? amountEn(reais, cents) : amountPt(reais, cents);
}
