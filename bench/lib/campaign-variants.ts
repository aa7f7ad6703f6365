import { DEMO_CAMPAIGN_COUNT, demoCampaigns } from "../../dev/demo/demo-campaigns";
import type { CampaignInput } from "../../functions/chat/campaigns/domain/campaign";
import { seededRandom } from "../../tests/support/seeded-random";

/**
 * Campaign copy at any count for the nearest-neighbour bench, varied from the project's demo campaigns
 * (dev/demo/demo-campaigns.ts): each row takes one demo campaign's headline and one or two of the
 * sentences of a demo campaign of the same value prop, under a company and brand of its own (made-up
 * names, a few thousand of them), with its figures changed (2% → 3%, $200 → $250, 18 → 15 months). So the
 * rows cluster as real marketing copy does (the same messages, said by many brands, with other figures)
 * and few are identical, unlike bags of random words, whose vectors are all nearly orthogonal (the worst
 * case of a graph index, and not what an embedder gives real copy). Queries are two to four consecutive
 * words of a demo campaign's copy ("airport lounge access", "cash back on groceries"), as a person asks
 * the campaign chat for campaigns about something. Deterministic: the same count gives the same rows.
 */
export interface CampaignVariant {
  id: string;
  channel: string;
  sentiment: string;
  text: string;
}

const TODAY = new Date("2026-06-15T12:00:00Z");
const SYLLABLES = "ka lo mi ter ran sel do vin tro par ge ble nor fi sta quin ar bel cor";
const SUFFIXES = ["Bank", "Card", "Financial", "Credit Union", "Savings", "Trust", "Payments", "Airways"];

const sentencesOf = (text: string): string[] =>
  text
    .split(/(?<=[.!?])\s+/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);

export const campaignVariants = (seed = 47) => {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const demo = demoCampaigns(TODAY);
  // Each value prop's sentences, from every demo campaign that leads with it (not the brand's sentence).
  const byProp = new Map<string, string[]>();
  for (const c of demo) {
    const prop = c.key_value_props?.[0] ?? "";
    const sentences = sentencesOf(c.full_campaign_text ?? "").filter((s) => !s.startsWith("Introducing "));
    byProp.set(prop, [...(byProp.get(prop) ?? []), ...sentences.slice(1)]);
  }
  const syllables = SYLLABLES.split(" ");
  const name = () => {
    const word = Array.from({ length: 2 + Math.floor(random() * 2) }, () => pick(syllables)).join("");
    return word[0]?.toUpperCase() + word.slice(1);
  };
  const companies = Array.from({ length: 3000 }, () => `${name()} ${pick(SUFFIXES)}`);
  const vary = (text: string) =>
    text.replace(/\d+(?:,\d{3})*/g, (n) => {
      const value = Number(n.replaceAll(",", ""));
      const varied = Math.max(1, Math.round(value * (0.5 + random())));
      return value >= 1000 ? varied.toLocaleString("en-US") : String(varied);
    });

  const variant = (i: number): CampaignVariant => {
    const base = demo[Math.floor(random() * DEMO_CAMPAIGN_COUNT)] as CampaignInput;
    const company = pick(companies);
    const brand = `${company.split(" ")[0]} ${name()}`;
    const [headline = base.campaign_text] = sentencesOf(base.full_campaign_text ?? "");
    const pool = byProp.get(base.key_value_props?.[0] ?? "") ?? [];
    const body = Array.from({ length: 1 + Math.floor(random() * 2) }, () => pick(pool));
    const text = vary([headline, `${brand} from ${company}.`, ...body].join(" "));
    return { id: `c${i}`, channel: base.channel, sentiment: base.imagery_sentiment ?? "", text };
  };

  const query = (): string => {
    const sentences = sentencesOf(pick(demo).full_campaign_text ?? "").filter(
      (s) => !s.startsWith("Introducing "),
    );
    const words = pick(sentences).split(/\s+/);
    const length = 2 + Math.floor(random() * 3);
    const from = Math.floor(random() * Math.max(1, words.length - length));
    return words
      .slice(from, from + length)
      .join(" ")
      .replace(/[.,:;!?]+$/, "");
  };
  return { variant, query };
};
