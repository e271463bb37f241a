export default {
  title: 'Privacy Policy',
  lastUpdated: 'Last updated: {date}',
  contents: 'Contents',
  intro:
    'This policy explains what personal data AutoBest Africa collects when you use our website and services, why we collect it, how long we keep it and the rights you have. We handle personal data in line with the Nigeria Data Protection Act 2023 (NDPA), the Nigeria Data Protection Regulation 2019 (NDPR) and the data protection laws of the other countries where we operate.',
  controllerTitle: 'Who we are',
  controllerBody: `AutoBest Africa ("AutoBest", "we", "us") is the online car marketplace of a long-established Nigerian motor dealer, with offices in Lagos, Abuja, Accra, Nairobi and Johannesburg. AutoBest Africa is the data controller for the personal data described in this policy.

We have appointed a Data Protection Officer, whom you can reach at privacy@autobest.africa.`,
  collectTitle: 'Information we collect',
  collectBody: `We collect only what we need for the service you ask for.

- Contact and enquiry forms: your first and last name, email address, phone number and your message.
- Sell-your-car and trade-in requests: your name, email address, phone number and location; your vehicle's make, model, year, mileage, condition, VIN or chassis number and any notes you add; for a trade-in, the vehicle you would like next; and your consent to be contacted.
- Reservations and purchases: what we need to prepare your invoice, delivery, registration and customs papers, including a copy of your ID and proof of address.
- Correspondence: emails, calls and WhatsApp messages you exchange with our team.
- Technical information: your IP address, browser, device, the pages you request and when, recorded by our servers for security and to keep the service running.

We do not ask for sensitive personal data such as health, religious or biometric data. Please do not include it in your messages.`,
  photosTitle: 'Vehicle photos',
  photosBody: `When you sell or trade in a car you can upload up to 6 photos of it, each no larger than 5 MB. We check that each file is a real image and keep it with your request so that our valuers can assess the car.

Photos can show more than the car: number plates, people, your home or your street. Please frame your photos on the vehicle. Photos taken with a phone may also carry hidden details such as the time and place they were taken; you can switch off location tagging in your camera settings before taking them.

Your photos are seen only by our staff and, when an inspection is needed, by the inspector we appoint. We never publish them without asking you first.`,
  useTitle: 'How we use your information',
  useBody: `We use personal data:

- to answer your messages and requests and keep you informed of their progress;
- to value your car and make you an offer, or to prepare a trade-in;
- to sell you a car: reservation, invoice, delivery, registration, customs and warranty;
- to send the emails you expect from us, such as the confirmation of a request with a private link to follow its status;
- to show prices in your currency and our website in your language;
- to understand how our website is used and improve it;
- to keep our services secure and prevent fraud;
- to meet our legal obligations, such as tax and accounting records.

We send marketing messages only if you have agreed to receive them, and each one tells you how to stop them. We do not make decisions about you based solely on automated processing that have legal or similarly significant effects on you.`,
  lawfulBasisTitle: 'Our lawful bases',
  lawfulBasisBody: `Under section 25 of the NDPA we rely on:

- Contract: to handle your request, purchase or sale, and the steps you ask us to take before one.
- Consent: for marketing messages, and where you tick the consent box on a request form. You can withdraw your consent at any time; this does not affect what we did before.
- Legal obligation: to keep tax, accounting, customs and vehicle registration records.
- Legitimate interests: to secure our website, prevent fraud and understand how our services are used, always weighed against your rights and interests.`,
  analyticsTitle: 'Analytics',
  analyticsBody: `We run our own analytics. No advertising network or outside analytics company receives data from our website.

We record page views and actions such as opening a vehicle or sending a form, with the page, the time, your language and currency choices and a random session identifier kept in your browser until you close the tab. We do not link these records to your name, email address or phone number, and we use them only in aggregate to improve our services.`,
  cookiesTitle: 'Cookies and local storage',
  cookiesBody: `Our website does not use advertising or tracking cookies. It keeps a few items in your browser so that it works the way you expect:

- user_language: the language you chose;
- user_currency: the currency you chose;
- analytics_session: the random session identifier described above, deleted when you close the tab.

Our staff console uses one secure session cookie to keep staff signed in. You can clear these items at any time in your browser settings; the website then returns to its default language and currency.`,
  sharingTitle: 'Who we share it with',
  sharingBody: `We do not sell your personal data. We share it only with:

- our staff, and only those who need it for their work;
- companies that provide services to us under contract, such as hosting and email delivery, which may use it only on our instructions;
- vehicle inspectors, shipping and clearing agents, insurers, banks and finance companies, when needed for a service you ask for;
- our parent company and its subsidiaries, for the purposes in this policy;
- courts, regulators, the police or other authorities when the law requires it, or to protect our rights, our customers or the public.`,
  transfersTitle: 'International transfers',
  transfersBody:
    'We operate in several African countries and some of our service providers store data outside Nigeria. When we transfer personal data outside Nigeria we do so as Part VIII of the NDPA allows: to countries with an adequate level of protection, under appropriate safeguards such as binding contractual clauses, or with your consent.',
  retentionTitle: 'How long we keep it',
  retentionBody: `We keep personal data only as long as we need it:

- contact messages and enquiries: 2 years after our last exchange;
- sell-your-car and trade-in requests, including photos: 2 years after the request is closed, unless a sale follows;
- records of purchases and sales: 6 years after the end of the financial year, as tax and company law require;
- analytics records: 13 months;
- server security logs: 90 days.

At the end of these periods we delete the data or make it anonymous.`,
  securityTitle: 'How we protect it',
  securityBody:
    'We protect personal data with encryption in transit (HTTPS), access limited to the staff who need it, individual staff accounts with strong passwords, and a record of every change staff make to a request. No system is perfectly secure: if a breach is likely to put your rights at risk, we will notify the Nigeria Data Protection Commission within 72 hours and tell you without undue delay.',
  rightsTitle: 'Your rights',
  rightsBody: `Under the NDPA you have the right to:

- be told how we use your personal data;
- get a copy of the personal data we hold about you;
- have inaccurate or incomplete data corrected;
- have your data deleted when we no longer need it or you withdraw your consent;
- restrict or object to our use of it, including for direct marketing;
- receive your data in a structured, machine-readable format, or have it sent to another organisation;
- withdraw your consent at any time;
- not be subject to a decision based solely on automated processing.

To use any of these rights, email privacy@autobest.africa. We may ask you to confirm your identity, and we reply within 30 days, free of charge. If you are not satisfied with our answer, you can complain to the Nigeria Data Protection Commission (ndpc.gov.ng) or to the data protection authority of your country.`,
  childrenTitle: 'Children',
  childrenBody:
    'Our services are meant for adults. We do not knowingly collect personal data from anyone under 18. If you believe a child has sent us personal data, contact us and we will delete it.',
  changesTitle: 'Changes to this policy',
  changesBody:
    'We may update this policy when our services or the law change. The date at the top shows the current version, and we will announce significant changes on our website or by email before they take effect.',
  contactTitle: 'Contact us',
  contactBody:
    'Questions about this policy or your personal data? Write to our Data Protection Officer, or call us Mon-Sat 8AM-6PM (WAT). Our head office is in Lagos, Nigeria.',
  emailLabel: 'Email:',
  phoneLabel: 'Phone:',
} as const;
