import { reject } from "./errors";
import { BATCH_LIMITS, toMb } from "./limits";

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_ENTRY_SIGNATURE = 0x02014b50;
const EOCD_MIN = 22;
const MAX_COMMENT = 0xffff;

/**
 * Refuses a zip bomb before anything is inflated: the sizes the archive's
 * central directory declares for its entries must add up to at most
 * BATCH_LIMITS.maxXlsxUnzippedBytes. The inflater sizes its output from those
 * same declarations, so an archive that understates them fails to unzip
 * instead of growing. ZIP64 archives (sizes ≥ 4 GiB) are refused outright.
 */
export function assertXlsxUnzipsSmall(bytes: Uint8Array): void {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let eocd = -1;
  const lowest = Math.max(0, bytes.length - EOCD_MIN - MAX_COMMENT);
  for (let at = bytes.length - EOCD_MIN; at >= lowest; at -= 1) {
    if (view.getUint32(at, true) === EOCD_SIGNATURE) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) reject("invalidXlsx");
  // The record holds two entry counts (this disk, all disks); check as many entries as either claims.
  const entries = Math.max(view.getUint16(eocd + 8, true), view.getUint16(eocd + 10, true));
  let at = view.getUint32(eocd + 16, true);
  let total = 0;
  for (let i = 0; i < entries; i += 1) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== CENTRAL_ENTRY_SIGNATURE) reject("invalidXlsx");
    const size = view.getUint32(at + 24, true);
    if (size === 0xffffffff) reject("xlsxTooLarge", { limitMb: toMb(BATCH_LIMITS.maxXlsxUnzippedBytes) });
    total += size;
    if (total > BATCH_LIMITS.maxXlsxUnzippedBytes)
      reject("xlsxTooLarge", { limitMb: toMb(BATCH_LIMITS.maxXlsxUnzippedBytes) });
    at += 46 + view.getUint16(at + 28, true) + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
}
