/**
 * Masks a Pix key for lists, receipts and logs, the way Brazilian banks show
 * them: enough to recognise it, not enough to reuse it.
 */
export function maskPixKey(type: string, key: string): string {
  switch (type) {
    case "email": {
      const [local = "", domain = ""] = key.split("@");
      return `${local.slice(0, 1)}***@${domain}`;
    }
    case "cpf":
      return key.length === 11 ? `***.${key.slice(3, 6)}.${key.slice(6, 9)}-**` : "***";
    case "cnpj":
      return key.length === 14 ? `${key.slice(0, 2)}.${key.slice(2, 5)}.***/****-${key.slice(12)}` : "***";
    case "phone":
      return key.length >= 8 ? `${key.slice(0, 5)}*****${key.slice(-4)}` : "***";
    case "evp":
      return key.length > 8 ? `${key.slice(0, 4)}****-****-****-****-********${key.slice(-4)}` : "***";
    default:
      return key.length > 4 ? `***${key.slice(-4)}` : "***";
  }
}
