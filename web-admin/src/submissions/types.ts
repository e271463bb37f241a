/** What differs between the two resources. */
export interface SubmissionResourceConfig {
  resource: 'sell-car-submissions' | 'trade-in-submissions';
  title: string;
  valueField: 'offeredValue' | 'estimatedValue';
  valueLabel: string;
  /** Sell-car offers are whole naira; trade-in estimates may have kobo. */
  wholeNaira: boolean;
}
