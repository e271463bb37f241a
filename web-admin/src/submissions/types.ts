export type SubmissionStatus = 'pending' | 'reviewed' | 'finalized';

export interface Submission {
  id: string;
  submittedAt: string;
  fullName: string;
  phoneNumber: string;
  email: string;
  make: string;
  model: string;
  year: string;
  odometer: string;
  fuelType: string;
  transmission: string;
  vin: string | null;
  knownIssues: string | null;
  underFinance: boolean;
  askingPrice: string | null;
  status: SubmissionStatus;
  lastUpdated: string | null;
  offeredValue?: number | null;
  estimatedValue?: number | null;
  notes: Array<{ text: string; at: string; by: string | null }>;
  photos: Array<{ slot: string; label: string; url: string; contentType: string; bytes: number }>;
  version: number;
}

/** What differs between the two resources. */
export interface SubmissionResourceConfig {
  resource: 'sell-car-submissions' | 'trade-in-submissions';
  title: string;
  valueField: 'offeredValue' | 'estimatedValue';
  valueLabel: string;
  /** Sell-car offers are whole naira; trade-in estimates may have kobo. */
  wholeNaira: boolean;
}
