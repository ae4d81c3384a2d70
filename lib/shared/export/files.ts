/**
 * Every export's file, named in the reader's language by the dictionary's `export.file.<name>` (pt-BR
 * "contestações", en "chargebacks") and made a file name by `exportFileName` (./file-name).
 */
export const EXPORT_FILES = [
  "chargebacks",
  "payouts",
  "paymentLinks",
  "activity",
  "securityHistory",
  "insightsPayouts",
  "insightsPayoutReasons",
  "insightsDisputesDue",
  "insightsDisputesKind",
  "insightsDisputesStatus",
  "insightsLinksFunnel",
  "insightsLinksTop",
  "insightsLinksWorst",
] as const;
export type ExportFile = (typeof EXPORT_FILES)[number];
