export * from "./common";
export * from "./payout";
export * from "./payment-link";
export * from "./subaccount";
export * from "./chargeback";
