/**
 * Sensitive matters in a mail, each with the words that show it: money (prices, discounts,
 * refunds, payments, amounts), contract or legal terms and positions, commitments to counterparties,
 * complaints, HR, and personal or sensitive matters (illness, death, disaster, a job search). A
 * reply touching any of them goes to a person before it leaves (needs_review).
 *
 * Read on the sender's new words and the subject (a disclaimer or a quoted thread says nothing of
 * this mail). Word lists, not a model: each word is what a careful assistant would stop at.
 */
import type { Sensitivity, SensitivityKind } from './types.ts';

const RULES: { kind: SensitivityKind; pattern: RegExp }[] = [
  {
    kind: 'money',
    pattern:
      /(?:[$€£¥]\s?\d(?:[\d,.]*\d)?(?:\s?(?:k|m|mm|million|billion|bn)\b)?)|\b\d(?:[\d,.]*\d)?\s?(?:dollars|usd|eur|euros|cents)\b|\b(price[sd]?|pricing|discount(s|ed)?|refund(s|ed)?|rebate|payments?|pay(ing)?|paid|invoices?|billing|bills?|fees?|costs?|charges?|budget|reimburse(ment|d)?|credit (line|limit|terms)|collateral|margin call|quote[sd]?|quotation|commission|premium|penalt(y|ies)|write-?off|receivables?|payables?)\b/gi,
  },
  {
    kind: 'legal',
    pattern:
      /\b(contracts?|agreements?|amendments?|addend(um|a)|clauses?|terms and conditions|legal(ly)?|lawyers?|attorneys?|counsel|law firm|litigation|lawsuits?|su(e|ing|ed)|liabilit(y|ies)|liable|indemni\w*|breach(es|ed)?|termination|terminate[sd]?|default(s|ed)?|settlement|court|judge|subpoena|regulator(y|s)|ferc|sec filing|filing|complian(ce|t)|confidentiality|nda|non-disclosure|guarant(y|ee|ies|ees)|gty|executed|merger|acquisitions?|requirements?|regulations?|statutes?|easements?|licen[cs]e|isda|master agreement|bankruptcy|chapter 11|creditors?|waiver|arbitration|dispute[sd]?|gdpr|privilege[sd]?)\b/gi,
  },
  {
    kind: 'commitment',
    pattern:
      /\b(commit(ment|ted)?|promise[sd]?|deal(s)?|offers?|proposals?|bids?|deadline|binding|obligat(ion|ed)|term sheet|letter of intent|loi|sign(ed|ing)? (off|the)|execut(e|ed|ion) (the|of)|transactions?|trades?|purchase orders?|negotiat\w+|counterpart(y|ies)|volumes?|deliver(y|ies)|approv(e|ed|al|als)|authori[sz](e|ed|ation)|sign-?off)\b/gi,
  },
  {
    kind: 'complaint',
    pattern:
      /\b(complain(t|ts|ed|ing)?|unacceptable|disappoint(ed|ing|ment)|dissatisfied|unhappy|not happy|frustrat(ed|ing|ion)|upset|angry|escalat(e|ed|ion)|poor service|outrage\w*|furious|cancel my|grievance)\b/gi,
  },
  {
    kind: 'hr',
    pattern:
      /\b(salar(y|ies)|compensation|bonus(es)?|raises?|promotions?|performance (review|evaluation|rating)|review period|hir(e|ed|ing)|recruit(ing|er|ment)?|candidates?|offer letter|resign(ation|ed|ing)?|fired|firing|layoffs?|laid off|lay off|severance|retention|benefits|401k|harass\w*|disciplin\w+|terminat(ed|ion) of employment|headcount|vacation|leave of absence|maternity|paternity|human resources|\bhr\b|employment)\b/gi,
  },
  {
    kind: 'personal',
    pattern:
      /\b(ill(ness)?|sick|hospital(i[sz]ed)?|surgery|cancer|diagnos(is|ed)|chemo\w*|died|death|deaths|passed away|funeral|condolences?|sympathy|memorial|grie(f|ving)|disaster|hurricane|flood(ing)?|earthquake|tornado|evacuat\w+|accident|injur(y|ed|ies)|pregnan\w+|miscarriage|divorce|family emergency|emergency|terroris[mt]\w*|attacks?|job search|my resume|resum[eé]s?|cv|looking for (a )?(new )?(job|position|opportunit(y|ies))|interview(s|ing|ed)?|laid off|unemploy\w+|amnio\w*|doctor|medical|therapy|counsel(l)?ing|so sorry|sorry to hear|(your|the|a) loss|passed|put (him|her|it) (down|to sleep)|deploy(ed|ment)|military|army|war|your job|job (situation|offer|hunt)|new job|find (a|another) job)\b/gi,
  },
];

/** At most this many trigger words are kept per kind (they are shown to the user). */
const MAX_WORDS = 5;

/** The sensitive matters of a text, each with its trigger words as written (each once, lower-cased). */
export function sensitivityOf(text: string): Sensitivity[] {
  const out: Sensitivity[] = [];
  for (const { kind, pattern } of RULES) {
    const words = new Set<string>();
    for (const match of text.matchAll(pattern)) {
      words.add(match[0].toLowerCase().replace(/\s+/g, ' ').trim());
      if (words.size >= MAX_WORDS) break;
    }
    if (words.size) out.push({ kind, words: [...words] });
  }
  return out;
}
