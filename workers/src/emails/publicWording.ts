import type { EnquiryKind, SiteLanguage, SubmissionKind } from '@autobest/domain';

/*
 * What we write to members of the public, in each language of the site: sell-car and trade-in owners, people who sent
 * an enquiry, a contact message or a reservation request, buyers Tara handed to staff. Each email is in the language the person used on the site
 * (staff notices stay in English). `Record<SiteLanguage, PublicWording>` makes a missing language or sentence a type
 * error; publicEmails.unit.test.ts also renders every public email in every language and refuses an empty or English
 * line in another language. `{...}` values are filled in by us or defanged (visitorText) before they get here.
 */

export interface PublicWording {
  /** Arabic reads right to left: the HTML part says so. */
  dir: 'ltr' | 'rtl';
  /** Quotation marks around what the person typed (a vehicle's name): “…” in English, «…» in French and Arabic. */
  quote(text: string): string;
  /** The greeting when the name passes the name rules (greetingName), and without a name. */
  dear(name: string): string;
  hello: string;
  reference(id: string): string;
  /** The spec's support hours, as the contact page gives them. */
  questions(phone: string): string;
  contact: { subject: string; thanks: string };
  reservation: {
    subject: string;
    /** The storefront's own promise after 'Reserve Now'. */
    thanks(vehicle: string, phone: string): string;
    /** The terms' reservations paragraph, in their words. */
    holds: string;
    vehiclePage(url: string): string;
  };
  /** A buyer who asked Tara for a person and left an email address. */
  handoff: { subject: string; thanks: string };
  /** Sell-car and trade-in requests: the confirmation and the reviewed and finalized updates (the spec's wording). */
  submission: {
    /** The words of the link to the status page. */
    follow: string;
    confirmationSubject(kind: SubmissionKind, id: string): string;
    thanks(kind: SubmissionKind, vehicle: string): string;
    /** The spec's promise: an offer, or an estimate subject to inspection, within 24-48 hours. */
    promise: Record<SubmissionKind, string>;
    reviewedSubject(kind: SubmissionKind): string;
    reviewed(kind: SubmissionKind, id: string, vehicle: string): string;
    /** The offered (sell-car) or estimated (trade-in) value staff set. */
    value(kind: SubmissionKind, amount: string): string;
    inspection(phone: string): string;
    finalizedSubject(kind: SubmissionKind): string;
    finalized(kind: SubmissionKind, id: string, vehicle: string): string;
    finalValue(amount: string): string;
    visit(phone: string): string;
  };
  enquiry: {
    /** "your rental enquiry": what the person asked for, as the subject and the first sentence name it. */
    name: Record<EnquiryKind, string>;
    subject(name: string): string;
    /** `subject` is the enquiry's own subject, quoted. */
    received(name: string, subject: string): string;
    /** "Send me this quote": the calculation follows these words, and the caveat closes it. */
    quoteHeading: string;
    quoteCaveat: string;
  };
}

const capitalized = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

const EN_REQUEST: Record<SubmissionKind, { title: string; mine: string }> = {
  'sell-car': { title: 'Sell Car', mine: 'your sell car request' },
  'trade-in': { title: 'Trade-In', mine: 'your trade-in request' },
};
const FR_REQUEST: Record<SubmissionKind, string> = { 'sell-car': 'votre demande de vente', 'trade-in': 'votre demande de reprise' };
const AR_REQUEST: Record<SubmissionKind, string> = { 'sell-car': 'طلب بيع سيارتك', 'trade-in': 'طلب استبدال سيارتك' };
const SW_REQUEST: Record<SubmissionKind, string> = { 'sell-car': 'ombi lako la kuuza gari', 'trade-in': 'ombi lako la kubadilisha gari' };

export const PUBLIC_WORDING: Readonly<Record<SiteLanguage, PublicWording>> = {
  en: {
    dir: 'ltr',
    quote: (text) => `“${text}”`,
    dear: (name) => `Dear ${name},`,
    hello: 'Hello,',
    reference: (id) => `Your reference is ${id}.`,
    questions: (phone) => `Questions? Call us on ${phone}, Mon-Sat, 8AM-6PM (WAT).`,
    contact: {
      subject: 'We received your message',
      thanks: 'Thank you! Your message has been sent. Our team will get back to you within 24 hours.',
    },
    reservation: {
      subject: 'We received your reservation request',
      thanks: (vehicle, phone) => `Thank you for asking to reserve the ${vehicle}. Our sales team will call you on ${phone} to confirm your reservation.`,
      holds: 'A reservation holds the vehicle for you for 7 days, or for the time agreed in writing, while we prepare the inspection and paperwork. The reservation amount is part of the price.',
      vehiclePage: (url) => `The vehicle: ${url}`,
    },
    handoff: {
      subject: 'A member of our team will contact you',
      thanks: 'Thank you for chatting with Tara, our car-buying assistant. A member of our team has your conversation and will contact you shortly.',
    },
    submission: {
      follow: 'Follow your request',
      confirmationSubject: (kind, id) => `We received your ${EN_REQUEST[kind].title} request (${id})`,
      thanks: (kind, vehicle) => `Thank you for ${EN_REQUEST[kind].mine} for your vehicle “${vehicle}”.`,
      promise: {
        'sell-car': 'Our team will contact you within 24-48 hours with an offer.',
        'trade-in': "You'll receive an estimated trade-in value within 24-48 hours, subject to physical inspection.",
      },
      reviewedSubject: (kind) => `Your ${EN_REQUEST[kind].title} request has been reviewed`,
      reviewed: (kind, id, vehicle) => `${capitalized(EN_REQUEST[kind].mine)} ${id} for your vehicle “${vehicle}” has been reviewed.`,
      value: (kind, amount) => (kind === 'sell-car' ? `Our offered value: ${amount}.` : `Our estimated value: ${amount}.`),
      inspection: (phone) => `Please contact us on ${phone} to arrange an in-person inspection of your vehicle.`,
      finalizedSubject: (kind) => `Your ${EN_REQUEST[kind].title} offer is finalized`,
      finalized: (kind, id, vehicle) => `The offer for ${EN_REQUEST[kind].mine} ${id} (“${vehicle}”) is finalized.`,
      finalValue: (amount) => `Final value: ${amount}.`,
      visit: (phone) => `Please visit our dealership to complete the process. Call ${phone} to choose a time.`,
    },
    enquiry: {
      name: {
        deal: 'your deal enquiry',
        rental: 'your rental enquiry',
        lease: 'your lease enquiry',
        'service-booking': 'your service booking enquiry',
        'insurance-quote': 'your insurance quote enquiry',
        'landed-cost-quote': 'your landed cost quote enquiry',
      },
      subject: (name) => `We received ${name}`,
      received: (name, subject) => `We received ${name} about ${subject}; our team will contact you within 24 hours.`,
      quoteHeading: 'Your quote:',
      quoteCaveat: 'This is an estimate: the final duties and taxes are set by the customs assessment.',
    },
  },
  fr: {
    dir: 'ltr',
    quote: (text) => `«\u00a0${text}\u00a0»`,
    dear: (name) => `Bonjour ${name},`,
    hello: 'Bonjour,',
    reference: (id) => `Votre référence : ${id}.`,
    questions: (phone) => `Des questions ? Appelez-nous au ${phone}, du lundi au samedi, de 8 h à 18 h (WAT).`,
    contact: {
      subject: 'Nous avons bien reçu votre message',
      thanks: 'Merci ! Votre message a bien été envoyé. Notre équipe vous répondra sous 24 heures.',
    },
    reservation: {
      subject: 'Nous avons bien reçu votre demande de réservation',
      thanks: (vehicle, phone) => `Merci d’avoir demandé à réserver le véhicule ${vehicle}. Notre équipe commerciale vous appellera au ${phone} pour confirmer votre réservation.`,
      holds: 'La réservation bloque le véhicule pour vous pendant 7 jours, ou pendant la durée convenue par écrit, le temps de préparer l’inspection et les papiers. Le montant de la réservation fait partie du prix.',
      vehiclePage: (url) => `Le véhicule : ${url}`,
    },
    handoff: {
      subject: 'Un membre de notre équipe va vous contacter',
      thanks: 'Merci d’avoir échangé avec Tara, notre assistante d’achat automobile. Un membre de notre équipe a votre conversation et vous contactera très bientôt.',
    },
    submission: {
      follow: 'Suivre votre demande',
      confirmationSubject: (kind, id) => `Nous avons bien reçu ${FR_REQUEST[kind]} (${id})`,
      thanks: (kind, vehicle) => `Merci pour ${FR_REQUEST[kind]} concernant votre véhicule «\u00a0${vehicle}\u00a0».`,
      promise: {
        'sell-car': 'Notre équipe vous contactera sous 24 à 48 heures avec une offre.',
        'trade-in': 'Vous recevrez une estimation de la valeur de reprise de votre véhicule sous 24 à 48 heures, sous réserve d’une inspection sur place.',
      },
      reviewedSubject: (kind) => `${capitalized(FR_REQUEST[kind])} a été examinée`,
      reviewed: (kind, id, vehicle) => `${capitalized(FR_REQUEST[kind])} ${id} pour votre véhicule «\u00a0${vehicle}\u00a0» a été examinée.`,
      value: (kind, amount) => (kind === 'sell-car' ? `Notre offre : ${amount}.` : `Notre estimation : ${amount}.`),
      inspection: (phone) => `Merci de nous appeler au ${phone} pour convenir d’un rendez-vous afin d’inspecter votre véhicule sur place.`,
      finalizedSubject: (kind) => `L’offre pour ${FR_REQUEST[kind]} est définitive`,
      finalized: (kind, id, vehicle) => `L’offre pour ${FR_REQUEST[kind]} ${id} («\u00a0${vehicle}\u00a0») est désormais définitive.`,
      finalValue: (amount) => `Valeur finale : ${amount}.`,
      visit: (phone) => `Nous vous invitons à passer à notre concession pour finaliser la démarche. Appelez le ${phone} pour choisir un créneau.`,
    },
    enquiry: {
      name: {
        deal: 'votre demande concernant une offre',
        rental: 'votre demande de location',
        lease: 'votre demande de location longue durée',
        'service-booking': 'votre demande de rendez-vous d’entretien',
        'insurance-quote': 'votre demande de devis d’assurance',
        'landed-cost-quote': 'votre demande de devis du coût total à l’arrivée',
      },
      subject: (name) => `Nous avons bien reçu ${name}`,
      received: (name, subject) => `Nous avons bien reçu ${name} au sujet de ${subject} ; notre équipe vous contactera sous 24 heures.`,
      quoteHeading: 'Votre devis :',
      quoteCaveat: 'Ceci est une estimation : les droits et taxes définitifs sont fixés lors de l’évaluation en douane.',
    },
  },
  ar: {
    dir: 'rtl',
    quote: (text) => `«${text}»`,
    dear: (name) => `مرحبًا ${name}،`,
    hello: 'مرحبًا،',
    reference: (id) => `رقمك المرجعي: ${id}`,
    questions: (phone) => `لديك أسئلة؟ اتصل بنا على ${phone}، من الاثنين إلى السبت، من 8 صباحًا حتى 6 مساءً (بتوقيت غرب أفريقيا).`,
    contact: {
      subject: 'تلقّينا رسالتك',
      thanks: 'شكرًا لك! تم إرسال رسالتك. سيرد عليك فريقنا خلال 24 ساعة.',
    },
    reservation: {
      subject: 'تلقّينا طلب الحجز الخاص بك',
      thanks: (vehicle, phone) => `شكرًا لطلبك حجز ${vehicle}. سيتصل بك فريق المبيعات على الرقم ${phone} لتأكيد حجزك.`,
      holds: 'يُبقي الحجز السيارة لك مدة 7 أيام، أو المدة المتفق عليها كتابةً، ريثما نُعدّ الفحص والأوراق. ومبلغ الحجز جزء من الثمن.',
      vehiclePage: (url) => `المركبة: ${url}`,
    },
    handoff: {
      subject: 'سيتواصل معك أحد أعضاء فريقنا',
      thanks: 'شكرًا لمحادثتك مع تارا، مساعدتنا في شراء السيارات. لدى أحد أعضاء فريقنا محادثتك وسيتواصل معك قريبًا.',
    },
    submission: {
      follow: 'تابِع طلبك',
      confirmationSubject: (kind, id) => `تلقّينا ${AR_REQUEST[kind]} (${id})`,
      thanks: (kind, vehicle) => `شكرًا لك على ${AR_REQUEST[kind]} «${vehicle}».`,
      promise: {
        'sell-car': 'سيتواصل معك فريقنا خلال 24 إلى 48 ساعة ومعه عرض لشراء سيارتك.',
        'trade-in': 'ستصلك قيمة تقديرية لاستبدال سيارتك خلال 24 إلى 48 ساعة، على أن تُؤكَّد بعد فحص السيارة فعليًا.',
      },
      reviewedSubject: (kind) => `تمت مراجعة ${AR_REQUEST[kind]}`,
      reviewed: (kind, id, vehicle) => `تمت مراجعة ${AR_REQUEST[kind]} رقم ${id} («${vehicle}»).`,
      value: (kind, amount) => (kind === 'sell-car' ? `العرض الذي نقدّمه: ${amount}.` : `القيمة التقديرية لدينا: ${amount}.`),
      inspection: (phone) => `يُرجى الاتصال بنا على ${phone} لتحديد موعد لفحص سيارتك حضوريًا.`,
      finalizedSubject: (kind) => `العرض الخاص بـ${AR_REQUEST[kind]} أصبح نهائيًا`,
      finalized: (kind, id, vehicle) => `أصبح العرض الخاص بـ${AR_REQUEST[kind]} رقم ${id} («${vehicle}») نهائيًا.`,
      finalValue: (amount) => `القيمة النهائية: ${amount}.`,
      visit: (phone) => `يُرجى زيارة معرضنا لإتمام الإجراءات. اتصل بنا على ${phone} لاختيار الموعد الذي يناسبك.`,
    },
    enquiry: {
      name: {
        deal: 'استفسارك عن العرض',
        rental: 'طلب الاستئجار الخاص بك',
        lease: 'طلب التأجير طويل الأمد الخاص بك',
        'service-booking': 'طلب حجز موعد الصيانة الخاص بك',
        'insurance-quote': 'طلب عرض سعر التأمين الخاص بك',
        'landed-cost-quote': 'طلب عرض سعر التكلفة الإجمالية حتى الوصول الخاص بك',
      },
      subject: (name) => `تلقّينا ${name}`,
      received: (name, subject) => `تلقّينا ${name} بشأن ${subject}، وسيتواصل معك فريقنا خلال 24 ساعة.`,
      quoteHeading: 'عرض السعر الخاص بك:',
      quoteCaveat: 'هذا تقدير فقط: تُحدَّد الرسوم والضرائب النهائية عند التقييم الجمركي.',
    },
  },
  sw: {
    dir: 'ltr',
    quote: (text) => `“${text}”`,
    dear: (name) => `Habari ${name},`,
    hello: 'Habari,',
    reference: (id) => `Nambari yako ya kumbukumbu ni ${id}.`,
    questions: (phone) => `Una maswali? Tupigie simu kwa ${phone}, Jumatatu hadi Jumamosi, saa 2 asubuhi hadi saa 12 jioni (WAT).`,
    contact: {
      subject: 'Tumepokea ujumbe wako',
      thanks: 'Asante! Ujumbe wako umetumwa. Timu yetu itakujibu ndani ya saa 24.',
    },
    reservation: {
      subject: 'Tumepokea ombi lako la kuhifadhi gari',
      thanks: (vehicle, phone) => `Asante kwa kuomba kuhifadhi ${vehicle}. Timu yetu ya mauzo itakupigia kwa ${phone} kuthibitisha uhifadhi wako.`,
      holds: 'Uhifadhi unalishikilia gari kwa ajili yako kwa siku 7, au kwa muda uliokubaliwa kwa maandishi, wakati tunaandaa ukaguzi na makaratasi. Kiasi cha kuhifadhi ni sehemu ya bei.',
      vehiclePage: (url) => `Gari: ${url}`,
    },
    handoff: {
      subject: 'Mmoja wa timu yetu atawasiliana nawe',
      thanks: 'Asante kwa kuzungumza na Tara, msaidizi wetu wa kununua magari. Mmoja wa timu yetu ana mazungumzo yako na atawasiliana nawe hivi karibuni.',
    },
    submission: {
      follow: 'Fuatilia ombi lako',
      confirmationSubject: (kind, id) => `Tumepokea ${SW_REQUEST[kind]} (${id})`,
      thanks: (kind, vehicle) => `Asante kwa ${SW_REQUEST[kind]} “${vehicle}”.`,
      promise: {
        'sell-car': 'Timu yetu itawasiliana nawe ndani ya saa 24 hadi 48 ikiwa na ofa.',
        'trade-in': 'Utapokea makadirio ya thamani ya gari lako kwa kubadilisha ndani ya saa 24 hadi 48, kulingana na ukaguzi wa gari lenyewe.',
      },
      reviewedSubject: (kind) => `Tumekagua ${SW_REQUEST[kind]}`,
      reviewed: (kind, id, vehicle) => `Tumekagua ${SW_REQUEST[kind]} ${id} (“${vehicle}”).`,
      value: (kind, amount) => (kind === 'sell-car' ? `Ofa yetu: ${amount}.` : `Makadirio yetu ya thamani: ${amount}.`),
      inspection: (phone) => `Tafadhali wasiliana nasi kwa ${phone} ili kupanga siku ya kukagua gari lako ana kwa ana.`,
      finalizedSubject: (kind) => `Ofa ya ${SW_REQUEST[kind]} imekamilika`,
      finalized: (kind, id, vehicle) => `Ofa ya ${SW_REQUEST[kind]} ${id} (“${vehicle}”) imekamilika.`,
      finalValue: (amount) => `Thamani ya mwisho: ${amount}.`,
      visit: (phone) => `Tafadhali tembelea duka letu la magari ili kukamilisha utaratibu. Piga ${phone} kuchagua muda unaokufaa.`,
    },
    enquiry: {
      name: {
        deal: 'ombi lako kuhusu ofa',
        rental: 'ombi lako la kukodi gari',
        lease: 'ombi lako la kukodi gari kwa muda mrefu',
        'service-booking': 'ombi lako la kupanga huduma ya gari',
        'insurance-quote': 'ombi lako la makadirio ya bima',
        'landed-cost-quote': 'ombi lako la makadirio ya gharama kamili hadi gari kufika',
      },
      subject: (name) => `Tumepokea ${name}`,
      received: (name, subject) => `Tumepokea ${name} kuhusu ${subject}; timu yetu itawasiliana nawe ndani ya saa 24.`,
      quoteHeading: 'Makadirio yako:',
      quoteCaveat: 'Haya ni makadirio tu: ushuru na kodi za mwisho huamuliwa na tathmini ya forodha.',
    },
  },
};
