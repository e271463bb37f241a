export default {
  title: 'Terms of Service',
  lastUpdated: 'Last updated: {date}',
  contents: 'Contents',
  intro:
    'These terms govern your use of the AutoBest Africa website and the services we offer through it. Please read them carefully: by using our website or sending us a request, you agree to them.',
  aboutTitle: 'About these terms',
  aboutBody: `These terms form an agreement between you and AutoBest Africa ("AutoBest", "we", "us"), the online car marketplace of a long-established Nigerian motor dealer with offices in Lagos, Abuja, Accra, Nairobi and Johannesburg.

When you buy, reserve, sell or trade in a vehicle, or take out a service, warranty or insurance plan, the written quotation, invoice or plan document you receive also applies. If it differs from these terms, the written document prevails for that transaction. Our Privacy Policy explains how we handle your personal data.`,
  useTitle: 'Using our website',
  useBody: `You may use our website if you are at least 18 years old and able to enter into a binding contract. You agree:

- to give true, accurate and complete information in every form and request;
- to upload only photos and documents you have the right to share;
- not to use the website for anything unlawful, fraudulent or harmful;
- not to copy our listings in bulk, disrupt the website or try to reach parts of it not meant for you.

We may suspend access or decline a request if we reasonably believe these terms have been broken.`,
  listingsTitle: 'Vehicles, images and prices',
  listingsBody: `We take care to describe every vehicle accurately, using information from manufacturers and verified dealers. Unless a listing says otherwise, images are illustrative only and do not depict the actual vehicle for sale; colours, trims and equipment can differ.

Prices are set in US dollars. Prices shown in another currency are converted at the day's exchange rate for your information and change as rates move. The price that binds us is the one in your written quotation or invoice, in the currency stated there.

Listings can contain mistakes. If we find an obvious error in a price or description, we will tell you before you pay and you may cancel without cost. A listing is an invitation to make an offer, not an offer that you can accept by clicking.`,
  reservationsTitle: 'Reservations and payment',
  reservationsBody: `You can reserve most vehicles by paying a reservation amount, shown on the vehicle page (₦5,000,000 on most vehicles). A reservation holds the vehicle for you for 7 days, or for the time agreed in writing, while we prepare the inspection and paperwork. The reservation amount is part of the price.

If the vehicle fails its inspection, if we cannot deliver it, or if the final price is higher than the one you agreed, we refund the reservation in full. If you cancel for any other reason, we refund it less any costs we have already paid on your instruction, which we will show you in writing.

Pay only into the AutoBest bank accounts named on your invoice. Our staff will never ask you to pay into a personal account or to send money by any other means. If anyone asks you to, do not pay and call us on +234 800 288 6237.`,
  importsTitle: 'Imported vehicles, duties and delivery',
  importsBody: `For vehicles we import for you, our quotation shows the vehicle price, shipping, insurance, port charges, customs duty, levies and registration. Duties and levies are set by the customs authorities and may change before your vehicle arrives; any change is passed on at cost, and we will tell you as soon as we learn of it.

Delivery dates are our best estimate. Shipping schedules, port congestion and customs inspections can cause delays that are outside our control, and we will keep you informed. Ownership of the vehicle passes to you when it is paid for in full; the risk passes to you when it is delivered or collected.

Check the vehicle when you receive it and tell us about any damage or missing items on the delivery note, or within 48 hours.`,
  sellingTitle: 'Selling your car and trade-in',
  sellingBody: `When you ask us to buy your car or take it in trade, we aim to send an estimate or offer within 24-48 hours. Every offer is subject to a physical inspection and to the vehicle's documents, and stays valid for 7 days unless it says otherwise. The final amount is confirmed in writing after inspection.

You confirm that:

- you own the vehicle or are authorised by its owner to sell it;
- the vehicle is not stolen, and any loan or lien on it is disclosed to us;
- the information and photos you give are true and show the vehicle as it is;
- you will hand over the vehicle's papers, such as proof of ownership, vehicle licence and customs papers.

We may decline any vehicle. We pay by bank transfer once the transfer papers are signed and the vehicle is handed over; for a trade-in, the agreed value is taken off the price of your next vehicle.`,
  taraTitle: 'Tara, our AI assistant',
  taraBody:
    'Tara, our AI car buyer companion, gives general guidance to help you choose. Her answers are generated automatically and can be incomplete or wrong, and they are not financial, legal or technical advice. Final verification is needed before purchase: always confirm prices, specifications and availability with our team.',
  warrantyTitle: 'Warranty, insurance and service',
  warrantyBody: `New vehicles come with the manufacturer's warranty. Any warranty on a used or certified pre-owned vehicle, and any extended warranty or service plan, is described in its written plan document, which sets out what it covers and how to claim.

Insurance is provided by licensed insurers; we help you choose a policy and the insurer's policy document governs your cover. Service and repair prices are quoted before any work begins.

Nothing in these terms affects your rights under the Federal Competition and Consumer Protection Act 2018 or other consumer protection law that applies to you.`,
  contentTitle: 'Our content',
  contentBody:
    'The AutoBest name and logo, the website and its text, design and software belong to us or to our licensors. You may view and share our pages for your personal use. You may not copy, resell or republish our content or listings without our written permission. Vehicle makes and model names belong to their manufacturers.',
  linksTitle: 'Other websites and services',
  linksBody:
    'Our website links to services run by others, such as WhatsApp, email providers and banks. Their own terms and privacy policies apply when you use them, and we are not responsible for their content or availability.',
  liabilityTitle: 'Our liability',
  liabilityBody: `Nothing in these terms limits our liability for death or personal injury caused by our negligence, for fraud, or for anything else the law does not allow us to limit.

Otherwise, we are not liable for losses that were not foreseeable when you used our services, for loss of business or profit, or for delays caused by events outside our reasonable control. Our total liability for a transaction is limited to the amount you paid us for it.

We work to keep the website available and accurate, but we cannot promise it will always be uninterrupted or free of errors.`,
  lawTitle: 'Law and disputes',
  lawBody: `These terms are governed by the laws of the Federal Republic of Nigeria.

If something goes wrong, please contact us first: most problems are solved quickly that way. If we cannot agree within 30 days, either of us may refer the dispute to mediation at the Lagos Multi-Door Courthouse, and failing that to the courts of Lagos State. If you live in another country, you keep any protection that its consumer law gives you.`,
  changesTitle: 'Changes to these terms',
  changesBody:
    'We may update these terms when our services or the law change. The date at the top shows the current version. Changes do not affect a transaction already agreed, and we will announce significant changes on our website before they take effect.',
  contactTitle: 'Contact us',
  contactBody: 'Questions about these terms? Our team answers Mon-Sat 8AM-6PM (WAT), and replies to emails within 24h.',
  emailLabel: 'Email:',
  phoneLabel: 'Phone:',
} as const;
