// No zod here: the console imports these without the schemas.

/** What the storefront's commercial buttons ask for: a deal, a rental or lease, a service booking, an insurance quote, a landed-cost quote. */
export const ENQUIRY_KINDS = ['deal', 'rental', 'lease', 'service-booking', 'insurance-quote', 'landed-cost-quote'] as const;
export type EnquiryKind = (typeof ENQUIRY_KINDS)[number];
/** What a visitor's form may send: a landed-cost quote is only recorded by the quote route, which computes it itself. */
export const PUBLIC_ENQUIRY_KINDS = ['deal', 'rental', 'lease', 'service-booking', 'insurance-quote'] as const satisfies readonly EnquiryKind[];
export type PublicEnquiryKind = (typeof PUBLIC_ENQUIRY_KINDS)[number];

export const ENQUIRY_KIND_LABELS: Record<EnquiryKind, string> = {
  deal: 'Deal',
  rental: 'Rental',
  lease: 'Lease',
  'service-booking': 'Service booking',
  'insurance-quote': 'Insurance quote',
  'landed-cost-quote': 'Landed cost quote',
};
