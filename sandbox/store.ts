/**
 * In-memory state with optional persistence to `<dataDir>/state.json`
 * (atomic write: temp file + rename, debounced after mutations, flushed on close).
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { after, systemClock, type Clock } from "../lib/shared/clock";
import { buildSeed } from "./seed";
import type { SeedSizes } from "./seed-bulk";
import type {
  ChargebackRecord,
  IdempotencyRecord,
  PaymentLinkRecord,
  SandboxPayoutRecord,
  PersistedState,
  SubaccountRecord,
} from "./types";

const SAVE_DEBOUNCE_MS = 20;

interface ListCache {
  version: number;
  validUntil: number;
  json: Buffer;
}

export class Store {
  payouts = new Map<string, SandboxPayoutRecord>();
  links = new Map<string, PaymentLinkRecord>();
  subaccounts = new Map<string, SubaccountRecord>();
  chargebacks: ChargebackRecord[] = [];
  idempotency = new Map<string, IdempotencyRecord>();
  seededAt = "";

  private linksVersion = 0;
  private linkListCache = new Map<string, ListCache>();
  /** Cancels the pending debounced save. */
  private saveTimer: AbortController | null = null;
  private dirty = false;
  private tempCounter = 0;

  /** `clock`: the sandbox's time (seeding, settlement, link expiry, the save debounce); `seedSizes`: big-list seeding. */
  constructor(
    private readonly dataDir: string | null,
    readonly clock: Clock = systemClock,
    private readonly seedSizes: SeedSizes = {},
  ) {}

  get file(): string | null {
    return this.dataDir === null ? null : join(this.dataDir, "state.json");
  }

  /** Loads state.json when present (and not `reset`), otherwise seeds. Returns where the state came from. */
  init(reset: boolean): "loaded" | "seeded" {
    const file = this.file;
    if (file !== null && !reset) {
      let text: string | null = null;
      try {
        text = readFileSync(file, "utf8");
      } catch {
        text = null;
      }
      if (text !== null) {
        const parsed = parseState(text);
        if (parsed) {
          this.apply(parsed);
          return "loaded";
        }
        process.stderr.write(`[sandbox] ignoring unreadable ${file}; reseeding\n`);
      }
    }
    this.reseed();
    return "seeded";
  }

  reseed(now: number = this.clock.now()): void {
    this.apply(buildSeed(now, this.seedSizes));
    this.flush();
  }

  private apply(state: PersistedState): void {
    this.payouts = new Map(state.payouts.map((p) => [p.id, p]));
    this.links = new Map(state.links.map((l) => [l.id, l]));
    this.subaccounts = new Map(state.subaccounts.map((s) => [s.id, s]));
    this.chargebacks = state.chargebacks;
    this.idempotency = new Map(state.idempotency.map((r) => [r.scope, r]));
    this.seededAt = state.seeded_at;
    this.touchLinks();
  }

  toState(): PersistedState {
    return {
      version: 1,
      seeded_at: this.seededAt,
      payouts: [...this.payouts.values()],
      links: [...this.links.values()],
      subaccounts: [...this.subaccounts.values()],
      chargebacks: this.chargebacks,
      idempotency: [...this.idempotency.values()],
    };
  }

  /** Call after every mutation: schedules a debounced save. */
  changed(): void {
    if (this.dataDir === null) return;
    this.dirty = true;
    if (this.saveTimer) return;
    const timer = new AbortController();
    this.saveTimer = timer;
    after(this.clock, SAVE_DEBOUNCE_MS, timer.signal, () => {
      this.saveTimer = null;
      this.flush();
    });
  }

  /** Writes state.json now if anything changed since the last write. */
  flush(): void {
    if (this.saveTimer) {
      this.saveTimer.abort();
      this.saveTimer = null;
    }
    const file = this.file;
    if (file === null || this.dataDir === null) return;
    mkdirSync(this.dataDir, { recursive: true });
    const temp = `${file}.${process.pid}.${++this.tempCounter}.tmp`;
    writeFileSync(temp, JSON.stringify(this.toState()));
    renameSync(temp, file);
    this.dirty = false;
  }

  get hasPendingWrites(): boolean {
    return this.dirty;
  }

  // --- payouts -------------------------------------------------------------

  /** Lazily moves a pending payout to its outcome once its settle time has passed. */
  settle(payout: SandboxPayoutRecord, now: number = this.clock.now()): SandboxPayoutRecord {
    if (payout.status === "pending" && Date.parse(payout.settles_at) <= now) {
      payout.status = payout.outcome;
      if (payout.outcome === "paid") payout.paid_at = payout.settles_at;
      this.changed();
    }
    return payout;
  }

  addPayout(payout: SandboxPayoutRecord): void {
    this.payouts.set(payout.id, payout);
    this.changed();
  }

  // --- payment links -------------------------------------------------------

  private touchLinks(): void {
    this.linksVersion++;
  }

  addLink(link: PaymentLinkRecord): void {
    this.links.set(link.id, link);
    this.touchLinks();
    this.changed();
  }

  linksOf(businessId: string, now: number = this.clock.now()): PaymentLinkRecord[] {
    const out: PaymentLinkRecord[] = [];
    let expired = false;
    for (const link of this.links.values()) {
      if (link.business_id !== businessId) continue;
      if (
        (link.status === "active" || link.status === "pending") &&
        link.expires_at !== null &&
        Date.parse(link.expires_at) <= now
      ) {
        link.status = "expired";
        expired = true;
      }
      out.push(link);
    }
    if (expired) {
      this.touchLinks();
      this.changed();
    }
    return out.sort((a, b) =>
      a.created_at === b.created_at ? (a.id < b.id ? 1 : -1) : a.created_at < b.created_at ? 1 : -1,
    );
  }

  /**
   * The serialised `data` of the link list, cached per business until a link
   * changes or the next expiry passes: the list is the hot read path.
   */
  linkListJson(
    businessId: string,
    render: (links: PaymentLinkRecord[]) => unknown,
    now: number = this.clock.now(),
  ): Buffer {
    const cached = this.linkListCache.get(businessId);
    if (cached && cached.version === this.linksVersion && now < cached.validUntil) return cached.json;
    const links = this.linksOf(businessId, now);
    let validUntil = Number.POSITIVE_INFINITY;
    for (const link of links) {
      if ((link.status === "active" || link.status === "pending") && link.expires_at !== null) {
        validUntil = Math.min(validUntil, Date.parse(link.expires_at));
      }
    }
    const json = Buffer.from(JSON.stringify(render(links)));
    this.linkListCache.set(businessId, { version: this.linksVersion, validUntil, json });
    return json;
  }

  slugTaken(businessId: string, slug: string): boolean {
    for (const link of this.links.values()) if (link.business_id === businessId && link.slug === slug) return true;
    return false;
  }

  // --- subaccounts / chargebacks --------------------------------------------

  subaccountOf(businessId: string, id: string): SubaccountRecord | undefined {
    const sub = this.subaccounts.get(id);
    return sub && sub.business_id === businessId ? sub : undefined;
  }

  chargebacksOf(businessId: string): ChargebackRecord[] {
    return this.chargebacks.filter((c) => c.business_id === businessId);
  }

  // --- idempotency ---------------------------------------------------------

  saveIdempotent(record: IdempotencyRecord): void {
    this.idempotency.set(record.scope, record);
    this.changed();
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Minimal shape check of a stored state; anything else is treated as unreadable. */
function parseState(text: string): PersistedState | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(value) || value.version !== 1 || typeof value.seeded_at !== "string") return null;
  const lists = ["payouts", "links", "subaccounts", "chargebacks", "idempotency"] as const;
  for (const name of lists) if (!Array.isArray(value[name])) return null;
  return value as unknown as PersistedState;
}
