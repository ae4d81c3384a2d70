/**
 * The Element Timing name (`elementtiming`) of the payouts insights' first headline figure: bench row k reads when it
 * was first painted, the moment the page shows its first number.
 */
export const INSIGHTS_FIRST_FIGURE = "insights-first-figure";
